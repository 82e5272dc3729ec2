import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualAccount } from './support/bank-fixtures';
import {
  productionCustomer,
  startProductionWorld,
  type ProductionWorld,
} from './support/production-world';
import { call, type TestServer } from './support/test-server';

let world: ProductionWorld;
let server: TestServer;

beforeAll(async () => {
  world = await startProductionWorld();
  server = await world.start();
});

afterAll(async () => {
  await server?.close();
  await world?.close();
});

it('names real banks beside a typed-in routing number, and never the sandbox test banks', async () => {
  const person = await productionCustomer(world, server, 1000);
  const add = (routingNumber: string) =>
    call(
      server.app,
      'POST',
      '/v1/bank-accounts',
      manualAccount({ routing_number: routingNumber }),
      {
        token: person.token,
      },
    );

  const sandboxBank = await add('110000000');
  expect(sandboxBank.statusCode, sandboxBank.body).toBe(201);
  expect(sandboxBank.json().bank_name).toBeNull();

  const chase = await add('021000021');
  expect(chase.statusCode, chase.body).toBe(201);
  expect(chase.json().bank_name).toBe('JPMorgan Chase Bank');
});
