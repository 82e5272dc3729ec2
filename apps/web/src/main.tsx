import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { authMachine, returnPaths } from './app/composition-root';
import { intakeLaunchUrl } from './features/auth/launch-url';
import { initI18n } from './lib/i18n';
import { startThemeSync } from './lib/theme';
import './styles.css';

startThemeSync();
void initI18n();

// Before the router reads the address: take out a handed-in token and note where to return.
const { accessToken } = intakeLaunchUrl(window.location, {
  returnPaths,
  replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
});
authMachine.start({ accessToken });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
