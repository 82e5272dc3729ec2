// First: before any schema of the app is made (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { browserStorage } from './app/browser-storage';
import { sendEarlyRequests } from './app/early-requests';
import { preloadLandingScreen } from './app/landing-screens';
import { createTokenStore } from './features/auth/token-store';
import { deviceId } from './lib/device-id';
import { sendEarly } from './lib/early-answers';
import './styles.css';

// The first screen (the boot splash, components/boot-splash.tsx) is already painted: it is in
// index.html. This entry is kept to a few kilobytes so that it runs at once, and starts in
// parallel everything the page needs next: the first screen's API calls, the code of the screen
// the address leads to, and the app itself (its files are preloaded by index.html).
const storedToken = createTokenStore(browserStorage('localStorage')).get();
sendEarlyRequests({ location: window.location, storedToken, deviceId, send: sendEarly });
preloadLandingScreen(document, window.location.pathname, storedToken !== null);

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
void import('./app/start').then(({ start }) => start(element));
