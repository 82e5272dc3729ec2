import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Principal } from '../features/auth/authenticate';
import type { Merchant } from '../features/merchants/merchant-keys';

/**
 * Who may call a route, declared once on it as `config: { auth }`; the check and the route's
 * OpenAPI security both come from it, so they cannot drift apart.
 * - `customer`: a signed-in customer's access token; the handler reads `request.customer`.
 * - `customer-optional`: also works signed out; a missing, bad or revoked token reads as signed
 *   out (`request.viewer` is null) rather than failing.
 * - `merchant`: a merchant API key; the handler reads `request.merchant`.
 * - `none`: public, or proven by other means (a webhook signature, a link's secret id).
 */
export type RouteAuth = 'customer' | 'customer-optional' | 'merchant' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The signed-in customer of a `customer` route. */
    readonly customer: Principal;
    /** The signed-in customer of a `customer-optional` route, or null when signed out. */
    readonly viewer: Principal | null;
    /** The merchant whose API key called a `merchant` route. */
    readonly merchant: Merchant;
  }
}

export interface RouteAuthenticators {
  customer(request: FastifyRequest): Promise<Principal>;
  merchant(request: FastifyRequest): Promise<Merchant>;
}

type SecurityRequirement = Record<string, string[]>;

const CUSTOMER = Symbol('customer');
const MERCHANT = Symbol('merchant');
type Authenticated = FastifyRequest & {
  [CUSTOMER]?: Principal | null;
  [MERCHANT]?: Merchant;
};

/** OpenAPI security per declaration; `{}` is the alternative of sending no credentials. */
function securityOf(auth: RouteAuth): SecurityRequirement[] {
  switch (auth) {
    case 'customer':
      return [{ bearer: [] }];
    case 'customer-optional':
      return [{ bearer: [] }, {}];
    case 'merchant':
      return [{ merchantKey: [] }];
    case 'none':
      return [];
  }
}

/**
 * Authenticates every route of `scope` as it declares, before its body is even read, and
 * refuses to start when a route declares nothing, so a new route cannot forget it.
 */
export function declareRouteAuth(scope: FastifyInstance, authenticate: RouteAuthenticators): void {
  // Kept on the request itself, not in WeakMaps keyed by it: a WeakMap entry per request is
  // work for every garbage collection (it showed in the redemption benchmark's profile).
  const customers = {
    set: (request: FastifyRequest, value: Principal | null) => {
      (request as Authenticated)[CUSTOMER] = value;
    },
    get: (request: FastifyRequest) => (request as Authenticated)[CUSTOMER],
  };
  const merchants = {
    set: (request: FastifyRequest, value: Merchant) => {
      (request as Authenticated)[MERCHANT] = value;
    },
    get: (request: FastifyRequest) => (request as Authenticated)[MERCHANT],
  };

  const guards: Record<RouteAuth, onRequestAsyncHookHandler | null> = {
    customer: async (request) => {
      customers.set(request, await authenticate.customer(request));
    },
    'customer-optional': async (request) => {
      if (!request.headers.authorization) return;
      // A stale token on a page that also works signed out is a signed-out visit, not an error.
      customers.set(request, await authenticate.customer(request).catch(() => null));
    },
    merchant: async (request) => {
      merchants.set(request, await authenticate.merchant(request));
    },
    none: null,
  };

  scope.decorateRequest('customer', {
    getter(this: FastifyRequest) {
      return verified(this, 'customer', customers.get(this));
    },
  });
  scope.decorateRequest('viewer', {
    getter(this: FastifyRequest) {
      declared(this, 'customer-optional');
      return customers.get(this) ?? null;
    },
  });
  scope.decorateRequest('merchant', {
    getter(this: FastifyRequest) {
      return verified(this, 'merchant', merchants.get(this));
    },
  });

  scope.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!auth) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no auth: add config: { auth: 'customer' | 'customer-optional' | 'merchant' | 'none' }`,
      );
    }
    route.schema = { ...route.schema, security: securityOf(auth) };
    const guard = guards[auth];
    if (guard) route.onRequest = [guard, ...hooksOf(route.onRequest)];
  });
}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

function declared(request: FastifyRequest, auth: RouteAuth): void {
  // Reading a principal the route never asked for is a programming error, not a signed-out user.
  if (request.routeOptions.config.auth !== auth) {
    throw new Error(`${request.routeOptions.url ?? request.url} is not declared auth: '${auth}'`);
  }
}

function verified<T>(request: FastifyRequest, auth: RouteAuth, value: T | null | undefined): T {
  declared(request, auth);
  if (value == null) throw new Error(`${auth} read before it was authenticated`);
  return value;
}
