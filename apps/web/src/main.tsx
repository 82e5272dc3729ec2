import { createRoot } from 'react-dom/client';
import { BootSplash } from './components/boot-splash';
import './styles.css';

/**
 * Errors thrown while rendering, whether an error boundary caught them or not, go to the app's
 * error reporter; it arrives with the app chunk, and holds reports until it knows where to send
 * them. The boundaries themselves report nothing.
 */
function reportRenderError(error: unknown, info: { componentStack?: string | undefined }): void {
  import('./app/composition-root').then(
    ({ errorReporter }) => errorReporter.capture(error, { componentStack: info.componentStack }),
    () => undefined,
  );
}

// The entry holds only React and the first screen, so it paints at once; the router, the
// translations, the data layer and the screens arrive in the next chunk.
const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element, {
  onCaughtError: reportRenderError,
  onUncaughtError: reportRenderError,
});
root.render(<BootSplash />);
void import('./app/start').then(({ start }) => start(root));
