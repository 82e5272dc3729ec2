import { testServers } from './playwright.config';
import { startTestServers } from './test-servers';

/** Starts the suite's servers; Playwright calls the answered function once the run ends. */
export default function globalSetup(): Promise<() => Promise<void>> {
  return startTestServers(testServers);
}
