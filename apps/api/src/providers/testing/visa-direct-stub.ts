import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxCardFunding, sandboxCards } from '../sandbox-card-payouts';
import { sendJson, startStubHttpServer, type StubHttpServer } from './stub-http-server';

const tlsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visa-direct-tls');

/**
 * Test-only TLS material (a throwaway CA, the stub's server certificate for 127.0.0.1, and a
 * client certificate that CA signed), standing in for the certificate Visa issues at enrolment.
 */
export const visaDirectTestTls = {
  caFile: path.join(tlsDir, 'ca.pem'),
  clientCertFile: path.join(tlsDir, 'client.pem'),
  clientKeyFile: path.join(tlsDir, 'client-key.pem'),
  clientSubject: 'refund-wallet-test-client',
};

export const VISA_PUSH_PATH = '/visadirect/fundstransfer/v1/pushfundstransactions';
export const VISA_INQUIRY_PATH = '/paai/fundstransferattinq/v5/cardattributes/fundstransferinquiry';
export const VISA_QUERY_PATH = '/visadirect/v1/transactionquery';

/** A push the stub received, as Visa's books would have it. */
export interface VisaStubPush {
  retrievalReferenceNumber: string;
  systemsTraceAuditNumber: string;
  amount: string;
  recipientPrimaryAccountNumber: string;
  senderReference: string;
  acquiringBin: string;
  transactionIdentifier: number;
}

export interface VisaDirectStub extends StubHttpServer {
  pushes: VisaStubPush[];
}

const codeOfFunding = { debit: 'D', credit: 'C', prepaid: 'P' } as const;

/**
 * A stand-in for Visa Direct on 127.0.0.1: HTTPS that insists on a client certificate from the
 * test CA (mutual TLS, as Visa does), basic auth with the given credentials, and the three calls
 * the adapter makes: the card attributes inquiry (answered from the sandbox's card table), the
 * push (approved and kept; 202 for the sandbox's "no answer, paid" card), and the transaction
 * query (by the push's trace numbers).
 */
export async function startVisaDirectStub(credentials: {
  userId: string;
  password: string;
}): Promise<VisaDirectStub> {
  const pushes: VisaStubPush[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${credentials.userId}:${credentials.password}`).toString('base64')}`;
  let nextTransaction = 381228649430015;

  const stub = await startStubHttpServer(
    (request, response) => {
      if (request.headers.authorization !== expectedAuth) {
        return sendJson(response, 401, {
          errorResponse: { reason: 'invalid credentials', message: 'Unauthorized' },
        });
      }
      const url = new URL(request.path, 'https://visa.invalid');
      const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
      if (request.method === 'POST' && url.pathname === VISA_INQUIRY_PATH) {
        const funding = sandboxCardFunding[String(body.primaryAccountNumber)];
        const code = funding && funding !== 'unknown' ? codeOfFunding[funding] : undefined;
        if (!code) {
          return sendJson(response, 400, {
            errorResponse: { reason: 'invalidPAN', message: 'Card not eligible' },
          });
        }
        return sendJson(response, 200, {
          visaNetworkInfo: [{ issuerName: 'Visa Test Bank', cardProductType: code }],
        });
      }
      if (request.method === 'POST' && url.pathname === VISA_PUSH_PATH) {
        const push: VisaStubPush = {
          retrievalReferenceNumber: String(body.retrievalReferenceNumber),
          systemsTraceAuditNumber: String(body.systemsTraceAuditNumber),
          amount: String(body.amount),
          recipientPrimaryAccountNumber: String(body.recipientPrimaryAccountNumber),
          senderReference: String(body.senderReference),
          acquiringBin: String(body.acquiringBin),
          transactionIdentifier: nextTransaction++,
        };
        pushes.push(push);
        // As in the sandbox, this card's push goes through but its answer is not known yet:
        // Visa's 202, leaving the outcome to a transaction query.
        if (push.recipientPrimaryAccountNumber === sandboxCards.noAnswerPaid) {
          response.writeHead(202).end();
          return;
        }
        return sendJson(response, 200, {
          transactionIdentifier: push.transactionIdentifier,
          actionCode: '00',
          approvalCode: '20304B',
          responseCode: '5',
        });
      }
      if (request.method === 'GET' && url.pathname === VISA_QUERY_PATH) {
        const rrn = url.searchParams.get('rrn');
        const stan = url.searchParams.get('stan');
        const found = pushes.filter(
          (p) => p.retrievalReferenceNumber === rrn && p.systemsTraceAuditNumber === stan,
        );
        if (found.length === 0) {
          return sendJson(response, 404, {
            errorResponse: { message: 'No matching transactions found' },
          });
        }
        return sendJson(
          response,
          200,
          found.map((p) => ({
            statusCode: 'COMPLETED',
            actionCode: '00',
            transactionIdentifier: p.transactionIdentifier,
            retrievalReferenceNumber: p.retrievalReferenceNumber,
            systemsTraceAuditNumber: p.systemsTraceAuditNumber,
          })),
        );
      }
      return sendJson(response, 404, { errorResponse: { message: 'Not found' } });
    },
    {
      tls: {
        key: fs.readFileSync(path.join(tlsDir, 'server-key.pem')),
        cert: fs.readFileSync(path.join(tlsDir, 'server.pem')),
        ca: fs.readFileSync(visaDirectTestTls.caFile),
        requestCert: true,
        rejectUnauthorized: true,
      },
    },
  );
  return Object.assign(stub, { pushes });
}
