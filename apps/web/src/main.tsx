import { createRoot } from 'react-dom/client';
import { BootSplash } from './components/boot-splash';
import './styles.css';

// The entry holds only React and the first screen, so it paints at once; the router, the
// translations, the data layer and the screens arrive in the next chunk.
const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);
root.render(<BootSplash />);
void import('./app/start').then(({ start }) => start(root));
