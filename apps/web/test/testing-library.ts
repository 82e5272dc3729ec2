import { configure } from '@testing-library/react';

/**
 * How long `findBy…` and `waitFor` wait for the screen to show something. Testing Library's own
 * second is what a quiet machine needs; on a 2-core machine running the API's tests beside these,
 * a lazy screen's first render took longer, and a test failed that a customer would have passed.
 * A test still fails when the thing never shows; the test timeout leaves room for that answer.
 */
configure({ asyncUtilTimeout: 5_000 });
