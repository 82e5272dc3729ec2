import {
  startStubHttpServer,
  type StubHttpServer,
  type StubResponder,
} from '../../src/providers/testing/stub-http-server';
import { newMerchant } from './payout-fixtures';
import type { TestMerchant } from './refund-fixtures';
import { startTestServer, type TestServer } from './test-server';

export interface IncreaseWorld {
  /** The stub speaking Increase's API, with every request it got. */
  increase: StubHttpServer;
  server: TestServer;
  merchant: TestMerchant;
  close(): Promise<void>;
}

/** A test server paying ACH through Increase, whose API is a local stub answering with `answer`. */
export async function startIncreaseWorld(answer: StubResponder): Promise<IncreaseWorld> {
  const increase = await startStubHttpServer(answer);
  const server = await startTestServer({
    ACH_PROVIDER: 'increase',
    INCREASE_API_KEY: 'increase-test-key',
    INCREASE_ACCOUNT_ID: 'account_test',
    INCREASE_BASE_URL: increase.url,
  });
  return {
    increase,
    server,
    merchant: await newMerchant(server.database.db),
    async close() {
      await server.close();
      await increase.close();
    },
  };
}
