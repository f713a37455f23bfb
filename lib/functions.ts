/**
 * The Lambda functions: one per handler group of the route table (functions/<group>/index.ts), the
 * request authorizer, and the booking flow's task function. Each gets the environment and the grants its
 * routes need and nothing more: a group that does not touch a table does not learn its name.
 */
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { HandlerGroup } from '../functions/shared/routes.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';
import { DOCS_SCRIPT_ASSETS, VOUCHER_FONT_ASSETS, type FunctionAssets } from './function-assets.js';
import { HotelFunction } from './hotel-function.js';
import type { SearchSecret } from './search-secret.js';
import type { SigningKey } from './signing-key.js';
import type { DeploymentConfig } from './stack-config.js';
import { grantTables, tableEnvironment, type TableUse } from './table-grants.js';
import type { HotelTables } from './tables.js';

export interface HandlerFunctionsProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
  readonly signingKey: SigningKey;
  readonly searchSecret: SearchSecret;
}

export interface FunctionPlan {
  readonly entry: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly tables: TableUse;
  /** Signs or verifies access tokens: learns the issuer and audience, and waits for the first key. */
  readonly handlesTokens?: boolean;
  /** Issues or verifies rateIds and search cursors (SEARCH_SECRET_ARN). */
  readsSearchSecret?: boolean;
  /** Files read at run time (voucher fonts, the docs page's script). */
  assets?: FunctionAssets;
}

/**
 * Memory buys CPU on Lambda: the token endpoint verifies slow secret hashes and search maps and ranks
 * many supplier answers, so those get more. Timeouts come from the time budgets
 * (functions/shared/time-budgets.ts): under API Gateway's 29 s integration limit, each covering its steps.
 */
export const GROUP_PLANS: Readonly<Record<HandlerGroup, FunctionPlan>> = {
  auth: {
    entry: 'functions/auth/index.ts',
    description: 'OAuth 2.0 client credentials token endpoint',
    memorySize: 1024,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.auth),
    // signingKeys: the private key that signs (no other function but the rotation job is granted it).
    // clients: the clients, and the public key ring the key set route publishes.
    tables: { clients: 'read', rateLimits: 'readWrite', signingKeys: 'read' },
    handlesTokens: true,
  },
  search: {
    entry: 'functions/search/index.ts',
    description: 'Hotel search, search pages, property rates and content',
    // 1,769 MB is one full vCPU: a large city prices and ranks tens of thousands of rates.
    memorySize: 1769,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.search),
    // properties: the map it resolves offers through, and the properties it matched on the fly (put where none is).
    // fxRates: the FX figures it converts with (read at most once a minute per container).
    tables: { searches: 'readWrite', properties: 'readAndPut', contracts: 'read', fxRates: 'read' },
    readsSearchSecret: true,
  },
  booking: {
    entry: 'functions/booking/index.ts',
    description: 'Rate check and bookings: create, get, modify, cancel; agent wallets',
    memorySize: 1024,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.booking),
    // properties: the property's address, contact and time zone for the booking record.
    // wallets: the wallet routes, the funds check before a wallet-paid booking, and a cancel's refund.
    // webhooks: a cancel, a modification or a settled pending booking writes its event to the outbox (outbox
    // items only: the endpoints' signing secrets beside them are the webhook functions' alone).
    // guests: the personal data GET, modify and cancel (its reason) show or change; erasure.
    tables: {
      bookings: 'readWrite',
      guests: 'readWrite',
      searches: 'read',
      idempotency: 'readWrite',
      contracts: 'read',
      properties: 'read',
      wallets: 'readWrite',
      webhooks: 'outbox',
      // fxRates: the rate check's figures.
      fxRates: 'read',
    },
    readsSearchSecret: true,
  },
  vouchers: {
    entry: 'functions/booking/voucher/vouchers-entry.ts',
    description: "Booking vouchers: GET voucher, and the issue of each confirmed booking's voucher",
    // Renders voucher PDFs (pdf-lib with an embedded font): memory buys the CPU that takes. Its own function,
    // so no other function loads the renderer (1.4 MB) at a cold start.
    memorySize: 1024,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.vouchers),
    // bookings: the record and its history (voucher-issued); guests: the names it prints; properties: address, contacts, zone.
    tables: { bookings: 'readWrite', guests: 'read', properties: 'read' },
    assets: VOUCHER_FONT_ASSETS,
  },
  webhooks: {
    entry: 'functions/webhooks/index.ts',
    description: 'Webhook endpoints: register, change, delete, ping; their deliveries and retries',
    memorySize: 512,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.webhooks),
    // webhooks: endpoints and deliveries (a ping and a retry are attempted in the request).
    tables: { webhooks: 'readWrite' },
  },
  cars: {
    entry: 'functions/cars/index.ts',
    description: 'Car search and booking (planned surface)',
    memorySize: 256,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.cars),
    tables: {},
  },
  docs: {
    entry: 'functions/docs/index.ts',
    description: 'OpenAPI document and API reference page',
    memorySize: 256,
    timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.docs),
    tables: {},
    assets: DOCS_SCRIPT_ASSETS,
  },
};

const AUTHORIZER_PLAN: FunctionPlan = {
  entry: 'functions/auth/authorizer.ts',
  description: 'Lambda REQUEST authorizer: verifies the access token and allows the routes of its scopes',
  memorySize: 512,
  timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.authorizer),
  // clients: the clients, and the public key ring it verifies with; never the private key's table.
  tables: { clients: 'read' },
  handlesTokens: true,
};

export const BOOKING_FLOW_PLAN: FunctionPlan = {
  entry: 'functions/booking/flow/index.ts',
  description: 'Task steps of the booking state machine',
  memorySize: 1024,
  timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.bookingFlow),
  // wallets: a wallet-paid booking's hold, capture and give-back happen inside the steps.
  // webhooks: each state change writes its event to the outbox in the same transaction.
  // guests: BookWithSupplier stores the request's personal data apart from the record.
  tables: {
    bookings: 'readWrite',
    guests: 'readWrite',
    searches: 'read',
    contracts: 'read',
    properties: 'read',
    wallets: 'readWrite',
    webhooks: 'outbox',
    // fxRates: CheckRate's figures (the lock reuses them).
    fxRates: 'read',
  },
  readsSearchSecret: true,
};

export class HandlerFunctions extends Construct {
  readonly groups: Readonly<Record<HandlerGroup, HotelFunction>>;
  readonly authorizer: HotelFunction;
  readonly bookingFlow: HotelFunction;
  private readonly config: DeploymentConfig;

  constructor(scope: Construct, id: string, props: HandlerFunctionsProps) {
    super(scope, id);
    this.config = props.config;
    const build = (constructId: string, serviceName: string, plan: FunctionPlan): HotelFunction =>
      this.buildFunction(constructId, serviceName, plan, props);

    this.groups = {
      auth: build('Auth', 'hotel-api-auth', GROUP_PLANS.auth),
      search: build('Search', 'hotel-api-search', GROUP_PLANS.search),
      booking: build('Booking', 'hotel-api-booking', GROUP_PLANS.booking),
      vouchers: build('Vouchers', 'hotel-api-vouchers', GROUP_PLANS.vouchers),
      webhooks: build('Webhooks', 'hotel-api-webhooks', GROUP_PLANS.webhooks),
      cars: build('Cars', 'hotel-api-cars', GROUP_PLANS.cars),
      docs: build('Docs', 'hotel-api-docs', GROUP_PLANS.docs),
    };
    this.authorizer = build('Authorizer', 'hotel-api-authorizer', AUTHORIZER_PLAN);
    this.bookingFlow = build('BookingFlow', 'hotel-api-booking-flow', BOOKING_FLOW_PLAN);

    // The booking function hands each confirmed booking's voucher issue to the vouchers function.
    const { booking, vouchers } = this.groups;
    booking.function.addEnvironment('VOUCHER_FUNCTION_NAME', vouchers.function.functionName);
    // The function's own ARN only (grantInvoke would add its versions, `:*`, which cdk-nag calls a wildcard).
    booking.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [vouchers.function.functionArn] }),
    );
  }

  /** The booking group runs the booking flow synchronously (StartSyncExecution on the Express machine). */
  connectBookingWorkflow(stateMachine: IStateMachine): void {
    const booking = this.groups.booking;
    booking.function.addEnvironment('STATE_MACHINE_ARN', stateMachine.stateMachineArn);
    booking.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['states:StartSyncExecution'], resources: [stateMachine.stateMachineArn] }),
    );
  }

  private buildFunction(id: string, serviceName: string, plan: FunctionPlan, props: HandlerFunctionsProps): HotelFunction {
    const tablesUsed = tableEnvironment(props.tables, plan.tables);
    const tokenEnvironment: Record<string, string> = plan.handlesTokens
      ? { TOKEN_ISSUER: tokenIssuerFor(this.config), TOKEN_AUDIENCE: TOKEN_AUDIENCE }
      : {};

    const created = new HotelFunction(this, id, {
      config: this.config,
      entry: plan.entry,
      description: plan.description,
      serviceName,
      memorySize: plan.memorySize,
      timeout: plan.timeout,
      environment: {
        ...tablesUsed,
        ...tokenEnvironment,
        ...(plan.readsSearchSecret ? { SEARCH_SECRET_ARN: props.searchSecret.secret.secretArn } : {}),
      },
      ...(plan.assets ? { assets: plan.assets } : {}),
    });
    grantTables(created.role, props.tables, plan.tables);
    if (plan.handlesTokens) props.signingKey.requiredBy(created.function);
    if (plan.readsSearchSecret) props.searchSecret.grantRead(created.function);
    return created;
  }
}

/** Tokens of one tenant stack are signed by its own key; the issuer names that stack. */
export function tokenIssuerFor(config: DeploymentConfig): string {
  return `https://auth.hotel-api.dev/${config.tenant}/${config.stage}`;
}

export const TOKEN_AUDIENCE = 'hotel-api';
