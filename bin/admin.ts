/**
 * `npm run admin -- <command>`: the operator's tool for accounts (functions/accounts/). The same commands
 * work against `npm start` (DynamoDB Local: --endpoint and --table-prefix, both printed at start) and against
 * a deployed stack (the real AWS SDK with the operator's own credentials: --region and the table names
 * from the stack outputs, --clients-table and --contracts-table). --json prints one JSON document for
 * scripts. Exit codes: 0 done, 1 unexpected failure, 2 usage, 3 not found, 4 conflict, 5 invalid input,
 * 6 the tables could not be reached.
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { Command, CommanderError, Option } from 'commander';
import {
  AccountAdminError,
  createAccount,
  DEFAULT_ROTATION_GRACE_SECONDS,
  issueClient,
  revokeClient,
  rotateSecret,
  setContract,
  setPricing,
  setSalesSettings,
  showAccount,
} from '../functions/accounts/account-admin.js';
import { auditTrail } from '../functions/accounts/audit-trail.js';
import { createWallet, setWalletCreditLimit, topUpWallet, walletStatement } from '../functions/accounts/wallet-admin.js';
import { listWebhookEndpoints, setWebhookEndpointEnabled, webhookDeliveries } from '../functions/accounts/webhook-admin.js';
import { backfillListAttributes } from '../functions/booking/list/booking-list-backfill.js';
import { RETIRED_KEY_KEEP_SECONDS } from '../functions/auth/key-ring.js';
import { rotateSigningKeys } from '../functions/auth/signing-key.js';
import { provideSharedConfig } from '../functions/shared/config.js';
import { ConfigError, defineConfig, sharedConfigFrom } from '../functions/shared/config-schema.js';
import { isDependencyOutage } from '../functions/shared/dependency-outage.js';
import { SCOPES } from '../functions/shared/routes.js';
import { ADAPTER_KINDS } from '../functions/suppliers/contracts.js';

export const EXIT = { ok: 0, unexpected: 1, usage: 2, notFound: 3, conflict: 4, invalid: 5, unreachable: 6 } as const;

interface GlobalOptions {
  endpoint?: string;
  region?: string;
  tablePrefix?: string;
  clientsTable?: string;
  contractsTable?: string;
  walletsTable?: string;
  webhooksTable?: string;
  bookingsTable?: string;
  signingKeysTable?: string;
  guestsTable?: string;
  fxRatesTable?: string;
  propertiesTable?: string;
  mappingWorkflowArn?: string;
  sfnEndpoint?: string;
  usagePlanId?: string;
  actor: string;
  json?: boolean;
}

const program = new Command('admin')
  .description(
    'Administer accounts of the hotel booking API: accounts, clients, contracts, pricing, wallets, webhooks, FX rates, audit trail',
  )
  .option('--endpoint <url>', 'DynamoDB endpoint (DynamoDB Local under npm start); default: AWS, or DYNAMODB_ENDPOINT')
  .option('--region <region>', 'AWS region of a deployed stack', process.env.AWS_REGION)
  .option('--table-prefix <prefix>', 'local table names <prefix>-clients and <prefix>-contracts (npm start uses "local")')
  .option('--clients-table <name>', 'clients table of a deployed stack (stack output)')
  .option('--contracts-table <name>', 'contracts table of a deployed stack (stack output)')
  .option('--wallets-table <name>', 'wallets table of a deployed stack (stack output), for the wallet commands')
  .option(
    '--webhooks-table <name>',
    "webhooks table of a deployed stack (stack output): a wallet's movements are sent to the partner's webhooks",
  )
  .option('--signing-keys-table <name>', 'signing keys table of a deployed stack (stack output), for keys rotate')
  .option('--bookings-table <name>', 'bookings table of a deployed stack (stack output), for the bookings and guest commands')
  .option('--guests-table <name>', "guests table of a deployed stack (stack output): bookings' personal data, for the guest commands")
  .option('--fx-rates-table <name>', 'FX rates table of a deployed stack (stack output), for the fx commands')
  .option('--properties-table <name>', 'properties table of a deployed stack (stack output), for mapping status')
  .option('--mapping-workflow-arn <arn>', "a deployed stack's MappingWorkflowArn output, for mapping run", process.env.MAPPING_WORKFLOW_ARN)
  .option('--sfn-endpoint <url>', 'Step Functions endpoint (the one npm start prints), for mapping run against npm start')
  .option('--usage-plan-id <id>', "a deployed stack's UsagePlanId output: issued clients are enrolled in it, revoked ones disabled")
  .option('--actor <name>', 'who is making the change, for the audit trail', process.env.ADMIN_ACTOR ?? userInfo().username)
  .option('--json', 'print one JSON document')
  .addHelpText(
    'afterAll',
    '\nExit codes: 0 done, 1 unexpected failure, 2 usage, 3 not found, 4 conflict, 5 invalid input, 6 the tables\ncould not be reached.',
  )
  .showHelpAfterError()
  .exitOverride();

/** Points the shared DynamoDB client and table names at the stack the operator named, before any call. */
program.hook('preAction', () => {
  const options = program.opts<GlobalOptions>();
  if (options.endpoint) process.env.DYNAMODB_ENDPOINT = options.endpoint;
  if (options.region) process.env.AWS_REGION = options.region;
  process.env.AWS_REGION ??= 'us-east-1';
  if (options.endpoint) {
    // DynamoDB Local accepts any credentials; AWS gets the operator's own from the default provider chain.
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
  const clients = options.clientsTable ?? (options.tablePrefix ? `${options.tablePrefix}-clients` : process.env.CLIENTS_TABLE);
  const contracts = options.contractsTable ?? (options.tablePrefix ? `${options.tablePrefix}-contracts` : process.env.CONTRACTS_TABLE);
  if (!clients || !contracts)
    throw new CommanderError(
      EXIT.usage,
      'admin.tables',
      'error: name the tables: --table-prefix (npm start) or --clients-table and --contracts-table (a deployed stack)',
    );
  process.env.CLIENTS_TABLE = clients;
  process.env.CONTRACTS_TABLE = contracts;
  const wallets = options.walletsTable ?? (options.tablePrefix ? `${options.tablePrefix}-wallets` : process.env.WALLETS_TABLE);
  if (wallets) process.env.WALLETS_TABLE = wallets;
  const webhooks = options.webhooksTable ?? (options.tablePrefix ? `${options.tablePrefix}-webhooks` : process.env.WEBHOOKS_TABLE);
  if (webhooks) process.env.WEBHOOKS_TABLE = webhooks;
  const bookings = options.bookingsTable ?? (options.tablePrefix ? `${options.tablePrefix}-bookings` : process.env.BOOKINGS_TABLE);
  if (bookings) process.env.BOOKINGS_TABLE = bookings;
  const signingKeys =
    options.signingKeysTable ?? (options.tablePrefix ? `${options.tablePrefix}-signingKeys` : process.env.SIGNING_KEYS_TABLE);
  if (signingKeys) process.env.SIGNING_KEYS_TABLE = signingKeys;
  const guests = options.guestsTable ?? (options.tablePrefix ? `${options.tablePrefix}-guests` : process.env.GUESTS_TABLE);
  if (guests) process.env.GUESTS_TABLE = guests;
  const fxRates = options.fxRatesTable ?? (options.tablePrefix ? `${options.tablePrefix}-fxRates` : process.env.FX_RATES_TABLE);
  if (fxRates) process.env.FX_RATES_TABLE = fxRates;
  const properties = options.propertiesTable ?? (options.tablePrefix ? `${options.tablePrefix}-properties` : process.env.PROPERTIES_TABLE);
  if (properties) process.env.PROPERTIES_TABLE = properties;
  if (options.sfnEndpoint) process.env.SFN_ENDPOINT = options.sfnEndpoint;
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  // The functions' code this tool runs reads the tables and endpoint from their configuration, as in a function.
  provideSharedConfig(sharedConfigFrom(process.env));
});

const actor = () => program.opts<GlobalOptions>().actor;

/** Only for a deployed stack (--usage-plan-id); loaded then, so local use needs no API Gateway client. */
async function usagePlan() {
  const id = program.opts<GlobalOptions>().usagePlanId;
  return id ? (await import('./admin-usage-plan.js')).usagePlanEnrolment(id) : undefined;
}

function print(result: unknown, human: string): void {
  console.log(program.opts<GlobalOptions>().json ? JSON.stringify(result, null, 2) : human);
}

const scopesOption = () => new Option('--scopes <scopes...>', 'scopes').choices([...SCOPES]);

const account = program.command('account').description('accounts (tenants)');
account
  .command('create <tenant>')
  .description('create an account with the scopes its clients may have')
  .addOption(scopesOption().makeOptionMandatory())
  .option('--name <name>', 'display name')
  .action(async (tenant: string, options: { scopes: string[]; name?: string }) => {
    const created = await createAccount({ tenant, scopes: options.scopes, ...(options.name ? { name: options.name } : {}) }, actor());
    print(created, `account ${created.tenant} (${created.name}): scopes ${created.scopes.join(' ')}`);
  });

account
  .command('sales <tenant>')
  .description(
    'where the account sells (its point of sale) and the reservations desk suppliers get when a traveller gives no contact; settings not given are kept',
  )
  .option('--point-of-sale <country>', "ISO 3166-1 alpha-2 country code, e.g. GB (Rapid's country_code)")
  .option('--reservations-email <email>', "the account's reservations mailbox, relayed to the guest")
  .option('--reservations-phone <e164>', "the account's reservations desk, E.164 (+442079460000)")
  .action(async (tenant: string, options: { pointOfSale?: string; reservationsEmail?: string; reservationsPhone?: string }) => {
    const settings = await setSalesSettings(
      tenant,
      {
        ...(options.pointOfSale ? { pointOfSale: options.pointOfSale } : {}),
        ...(options.reservationsEmail ? { reservationsEmail: options.reservationsEmail } : {}),
        ...(options.reservationsPhone ? { reservationsPhone: options.reservationsPhone } : {}),
      },
      actor(),
    );
    print(
      settings,
      `account ${tenant} sells from ${settings.pointOfSale ?? '(no point of sale)'}; reservations desk ${settings.reservationsEmail ?? '-'} ${settings.reservationsPhone ?? '-'}`,
    );
  });

const client = program.command('client').description("an account's API clients (OAuth 2.0 client credentials)");
client
  .command('issue <tenant>')
  .description('issue a client; its secret is shown once, only its hash is kept')
  .addOption(scopesOption())
  .option('--name <name>', 'display name')
  .action(async (tenant: string, options: { scopes?: string[]; name?: string }) => {
    const issued = await issueClient(
      tenant,
      { ...(options.scopes ? { scopes: options.scopes } : {}), ...(options.name ? { name: options.name } : {}) },
      actor(),
    );
    await (await usagePlan())?.enrol(issued);
    print(
      issued,
      `client_id     ${issued.clientId}\nclient_secret ${issued.secret}\nscopes        ${issued.scopes.join(' ')}\nThe secret is shown this once; only its hash is stored.`,
    );
  });
client
  .command('rotate <tenant> <clientId>')
  .description('give a client a new secret; the old one keeps working for the grace period')
  .option('--grace-seconds <seconds>', 'how long the old secret keeps working', String(DEFAULT_ROTATION_GRACE_SECONDS))
  .action(async (tenant: string, clientId: string, options: { graceSeconds: string }) => {
    const rotated = await rotateSecret(tenant, clientId, Number(options.graceSeconds), actor());
    print(
      rotated,
      `client_id     ${rotated.clientId}\nclient_secret ${rotated.secret}\nThe old secret works until ${rotated.previousSecretValidUntil}.`,
    );
  });
client
  .command('revoke <tenant> <clientId>')
  .description('revoke a client: no new tokens now; live tokens refused within 300 s (the authorizer cache)')
  .action(async (tenant: string, clientId: string) => {
    await revokeClient(tenant, clientId, actor());
    await (await usagePlan())?.disable({ clientId });
    print({ tenant, clientId, status: 'disabled' }, `client ${clientId} revoked: no new tokens; its live tokens stop working within 300 s`);
  });

program
  .command('contract')
  .description('supplier contracts')
  .command('set <tenant> <supplierId>')
  .description('create or replace a supplier contract of the account')
  .addOption(new Option('--adapter <kind>', 'wire format').choices([...ADAPTER_KINDS]).makeOptionMandatory())
  .requiredOption('--endpoint-url <url>', "the supplier's base URL")
  .option('--sandbox', 'a sandbox supplier: credentials inline, scenarios passed through')
  .option('--credentials <json>', 'sandbox only: credentials as a JSON object')
  .option('--secret-name <name>', 'production: the Secrets Manager secret under hotel-api/<tenant>/suppliers/')
  .option('--aws-account <id>', 'production: the AWS account id of that secret', process.env.AWS_ACCOUNT_ID)
  .option('--inactive', 'keep the contract but stop using it')
  .option('--sells-packages', "the account sells packages: show this supplier's package-only rates")
  .action(
    async (
      tenant: string,
      supplierId: string,
      options: {
        adapter: string;
        endpointUrl: string;
        sandbox?: boolean;
        credentials?: string;
        secretName?: string;
        awsAccount?: string;
        inactive?: boolean;
        sellsPackages?: boolean;
      },
    ) => {
      let credentials: Record<string, string> | undefined;
      if (options.credentials) {
        try {
          credentials = JSON.parse(options.credentials) as Record<string, string>;
        } catch {
          throw new AccountAdminError('invalid', 'credentials: not JSON', 'credentials');
        }
      }
      const contract = await setContract(
        tenant,
        {
          supplierId,
          adapter: options.adapter,
          endpoint: options.endpointUrl,
          sandbox: options.sandbox ?? false,
          ...(credentials ? { credentials } : {}),
          ...(options.secretName ? { secretName: options.secretName, region: process.env.AWS_REGION! } : {}),
          ...(options.awsAccount ? { awsAccount: options.awsAccount } : {}),
          active: !options.inactive,
          sellsPackages: options.sellsPackages ?? false,
        },
        actor(),
      );
      print(
        { ...contract, credentials: contract.credentials ? 'inline (sandbox)' : undefined },
        `contract ${tenant} → ${contract.supplierId} (${contract.adapter}) at ${contract.endpoint}${contract.active ? '' : ' (inactive)'}`,
      );
    },
  );

program
  .command('pricing')
  .description('pricing rules')
  .command('set <tenant>')
  .description('set the account pricing rules from a JSON file (the schema search prices with)')
  .requiredOption('--file <path>', 'JSON file with markups, payAtHotel, serviceFee')
  .action(async (tenant: string, options: { file: string }) => {
    let rules: unknown;
    try {
      rules = JSON.parse(readFileSync(options.file, 'utf8'));
    } catch (error) {
      throw new AccountAdminError('invalid', `file: ${(error as Error).message}`, 'file');
    }
    const stored = await setPricing(tenant, rules as never, actor());
    print(
      stored,
      `pricing rules of ${tenant}: ${stored.markups.length} markup rule(s)${stored.serviceFee ? `, service fee ${stored.serviceFee.kind}` : ''}`,
    );
  });

const wallet = program
  .command('wallet')
  .description("an account's agent wallets (one currency each): create, pay in, credit limit, statement");
wallet
  .command('create <tenant>')
  .description('create a wallet for the account; prints its walletId')
  .requiredOption('--currency <code>', 'ISO 4217 currency of the wallet, e.g. EUR')
  .option('--credit-limit <amount>', 'how far below zero it may go, a decimal amount in its currency', '0')
  .action(async (tenant: string, options: { currency: string; creditLimit: string }) => {
    const created = await createWallet(tenant, { currency: options.currency, creditLimit: options.creditLimit }, actor());
    print(
      created,
      `wallet ${created.walletId} of ${tenant}: ${created.currency}, credit limit ${created.creditLimit}, available ${created.available}`,
    );
  });
wallet
  .command('top-up <tenant> <walletId> <amount>')
  .description('record money the account paid in (a decimal amount in the wallet currency); the same --reference twice pays in once')
  .requiredOption('--reference <id>', "the payment's reference, e.g. the bank transfer id")
  .action(async (tenant: string, walletId: string, amount: string, options: { reference: string }) => {
    const after = await topUpWallet(tenant, walletId, amount, options.reference, actor());
    print(after, `wallet ${walletId}: balance ${after.balance} ${after.currency}, available ${after.available}`);
  });
wallet
  .command('credit-limit <tenant> <walletId> <amount>')
  .description('set the credit limit (refused, exit 4, below what the wallet already uses)')
  .action(async (tenant: string, walletId: string, amount: string) => {
    const after = await setWalletCreditLimit(tenant, walletId, amount, actor());
    print(after, `wallet ${walletId}: credit limit ${after.creditLimit} ${after.currency}, available ${after.available}`);
  });
wallet
  .command('show <tenant> <walletId>')
  .description('the wallet and its every transaction, oldest first')
  .action(async (tenant: string, walletId: string) => {
    const statement = await walletStatement(tenant, walletId);
    const w = statement.wallet;
    print(
      statement,
      [
        `wallet ${w.walletId} of ${w.tenant}: ${w.currency} balance ${w.balance}, credit limit ${w.creditLimit}, held ${w.held}, available ${w.available}`,
        ...statement.movements.map(
          (m) =>
            `  ${m.at}  ${m.type.padEnd(12)} ${String(m.amountMinor).padStart(12)} minor  balance after ${m.balanceAfterMinor}${m.bookingId ? `  ${m.bookingId}` : ''}  ${m.reference}`,
        ),
      ].join('\n'),
    );
  });

const webhook = program
  .command('webhook')
  .description("an account's webhook endpoints: list, recent deliveries, disable, enable (needs --webhooks-table or --table-prefix)");
const needWebhooksTable = () => {
  if (!process.env.WEBHOOKS_TABLE)
    throw new CommanderError(
      EXIT.usage,
      'admin.tables',
      'error: name the webhooks table: --table-prefix (npm start) or --webhooks-table (a deployed stack)',
    );
};
webhook
  .command('list <tenant>')
  .description("the account's endpoints: URL, events, enabled or why not (never the signing secret)")
  .action(async (tenant: string) => {
    needWebhooksTable();
    const endpoints = await listWebhookEndpoints(tenant);
    print(
      endpoints,
      endpoints.length === 0
        ? `no webhook endpoints for ${tenant}`
        : endpoints
            .map(
              (e) =>
                `${e.endpointId}  ${e.enabled ? 'enabled ' : 'DISABLED'}  ${e.url}  ${e.events.join(',')}${e.disabledReason ? `  (${e.disabledReason})` : ''}`,
            )
            .join('\n'),
    );
  });
webhook
  .command('deliveries <tenant> <endpointId>')
  .description("the endpoint's 20 latest deliveries: status, attempts, last response")
  .action(async (tenant: string, endpointId: string) => {
    needWebhooksTable();
    const deliveries = await webhookDeliveries(tenant, endpointId);
    print(
      deliveries,
      deliveries
        .map(
          (d) =>
            `${d.createdAt}  ${d.status.padEnd(9)} ${d.eventType.padEnd(20)} attempts ${d.attempts}${d.lastResponseCode !== undefined ? `  last ${d.lastResponseCode}` : ''}${d.lastError ? `  ${d.lastError}` : ''}`,
        )
        .join('\n') || 'no deliveries',
    );
  });
webhook
  .command('disable <tenant> <endpointId>')
  .description('stop deliveries to the endpoint (they are dead-lettered; the partner can retry them once it is enabled)')
  .option('--reason <text>', 'kept in disabledReason, which the partner reads')
  .action(async (tenant: string, endpointId: string, options: { reason?: string }) => {
    needWebhooksTable();
    const after = await setWebhookEndpointEnabled(tenant, endpointId, false, options.reason, actor());
    print(after, `${endpointId} of ${tenant}: ${after.disabledReason}`);
  });
webhook
  .command('enable <tenant> <endpointId>')
  .description('resume deliveries to the endpoint, clearing why it was disabled')
  .action(async (tenant: string, endpointId: string) => {
    needWebhooksTable();
    await setWebhookEndpointEnabled(tenant, endpointId, true, undefined, actor());
    print({ endpointId, enabled: true }, `${endpointId} of ${tenant}: enabled`);
  });

const mapping = program
  .command('mapping')
  .description('the property mapping workflow: its last runs, and a run started by hand (needs --properties-table or --table-prefix)');
mapping
  .command('status')
  .description('the last runs: why each ran, its outcome, what it read per supplier, partitions matched and left, duration')
  .option('--limit <n>', 'how many runs', '10')
  .action(async (options: { limit: string }) => {
    const { DynamoMappingRuns } = await import('../functions/search/mapping/partitioned/dynamo-mapping-runs.js');
    const runs = await new DynamoMappingRuns().recent(Math.max(1, Math.min(100, Number(options.limit) || 10)));
    const seconds = (ms: number | undefined) => (ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`);
    print(
      runs,
      runs.length === 0
        ? 'no mapping run yet'
        : runs
            .map((run) =>
              [
                `${run.runId}  ${run.reason.padEnd(8)} ${run.status.padEnd(9)} ${run.full ? 'full' : 'incremental'}  started ${run.startedAt}  ${seconds(run.durationMs)}`,
                `  read: ${Object.entries(run.suppliers)
                  .map(([id, s]) => `${id} ${s.read} (${s.mode})`)
                  .join(', ')}`,
                ...(run.partitions !== undefined
                  ? [
                      `  partitions: ${run.partitions} (${run.matched ?? 0} matched, ${run.skipped ?? 0} unchanged); properties ${run.properties ?? 0}, written ${run.written ?? 0}`,
                    ]
                  : []),
                ...(run.failedPartitions
                  ? [`  failed partitions (kept as they were, taken in by the next run): ${run.failedPartitions.join(' ')}`]
                  : []),
                ...(run.error ? [`  error: ${run.error}`] : []),
              ].join('\n'),
            )
            .join('\n'),
    );
  });
mapping
  .command('run')
  .description(
    'start a run now: the daily run (each supplier by its change dates or read whole), --full (everything matched again), or --supplier for some',
  )
  .option('--full', 'ignore what earlier runs left: read and match everything')
  .option('--supplier <ids...>', 'read these suppliers whole, as when their contracts change')
  .action(async (options: { full?: boolean; supplier?: string[] }) => {
    const arn = program.opts<GlobalOptions>().mappingWorkflowArn;
    if (!arn)
      throw new CommanderError(
        EXIT.usage,
        'admin.mapping',
        "error: name the workflow: --mapping-workflow-arn (a deployed stack) or npm start's",
      );
    const { SFNClient, StartExecutionCommand } = await import('@aws-sdk/client-sfn');
    const endpoint = process.env.SFN_ENDPOINT;
    const client = new SFNClient(endpoint ? { endpoint } : {});
    const request = {
      reason: options.supplier ? 'contract' : 'manual',
      ...(options.full ? { full: true } : {}),
      ...(options.supplier ? { suppliers: options.supplier, requestedAt: new Date().toISOString() } : {}),
    };
    const started = await client.send(new StartExecutionCommand({ stateMachineArn: arn, input: JSON.stringify(request) }));
    client.destroy();
    print(
      { executionArn: started.executionArn, request },
      `mapping run started: ${started.executionArn} (npm run admin -- mapping status)`,
    );
  });

const signingKeys = program.command('keys').description('the access-token signing keys (needs --signing-keys-table or --table-prefix)');
signingKeys
  .command('rotate')
  .description(
    'rotate now: a new key signs from now on; the retired one keeps verifying until its last token has expired, then leaves GET /.well-known/jwks.json',
  )
  .action(async () => {
    if (!process.env.SIGNING_KEYS_TABLE)
      throw new CommanderError(
        EXIT.usage,
        'admin.tables',
        'error: name the signing keys table: --table-prefix (npm start) or --signing-keys-table (a deployed stack)',
      );
    const rotation = await rotateSigningKeys();
    print(
      rotation,
      `signing key ${rotation.kid} signs from now on${rotation.retiredKid ? `; ${rotation.retiredKid} retired (verifies for ${RETIRED_KEY_KEEP_SECONDS} s more)` : ''}\npublished: ${rotation.published.join(' ')}`,
    );
  });

const bookings = program.command('bookings').description('the bookings table, across accounts');
bookings
  .command('reindex')
  .description(
    'give bookings stored before the listing indexes their index attributes, so GET /v1/hotels/bookings finds them (scans the table once; safe to repeat)',
  )
  .action(async () => {
    if (!process.env.BOOKINGS_TABLE)
      throw new CommanderError(
        EXIT.usage,
        'admin.tables',
        'error: name the bookings table: --table-prefix (npm start) or --bookings-table (a deployed stack)',
      );
    const report = await backfillListAttributes();
    const tenants = Object.entries(report.reindexed);
    print(
      report,
      tenants.length === 0
        ? `every booking is indexed (${report.scanned} items read)`
        : [...tenants.map(([tenant, count]) => `${tenant}: ${count} reindexed`), `${report.scanned} items read`].join('\n'),
    );
  });

const guest = program
  .command('guest')
  .description(
    "bookings' personal data (holder, guests, contact details, cancel reason): erase, move (needs --bookings-table and --guests-table, or --table-prefix)",
  );
function needGuestTables(): void {
  if (!process.env.BOOKINGS_TABLE || !process.env.GUESTS_TABLE)
    throw new CommanderError(
      EXIT.usage,
      'admin.tables',
      'error: name the tables: --table-prefix (npm start) or --bookings-table and --guests-table (a deployed stack)',
    );
}
guest
  .command('backfill')
  .description(
    'move the personal data of bookings stored before the guests table off their booking items, into the guests table (scans the bookings table once; safe to repeat)',
  )
  .action(async () => {
    needGuestTables();
    const { backfillGuestDetails } = await import('../functions/booking/personal-data/guest-details-backfill.js');
    const report = await backfillGuestDetails();
    const tenants = Object.entries(report.moved);
    print(
      report,
      tenants.length === 0
        ? `no booking item holds personal data (${report.scanned} items read)`
        : [...tenants.map(([tenant, count]) => `${tenant}: ${count} moved`), `${report.scanned} items read`].join('\n'),
    );
  });

guest
  .command('erase <tenant> <bookingId>')
  .description(
    "erase one booking's personal data from every store we keep, as the partner's DELETE .../personal-data does (a pending booking is refused)",
  )
  .action(async (tenant: string, bookingId: string) => {
    needGuestTables();
    const [{ erasePersonalData }, { DynamoBookingStore }, { DynamoGuestDetailsStore }] = await Promise.all([
      import('../functions/booking/personal-data/erase-personal-data.js'),
      import('../functions/booking/record/booking-store.js'),
      import('../functions/booking/personal-data/guest-details-store.js'),
    ]);
    const outcome = await erasePersonalData(
      tenant,
      bookingId,
      { kind: 'operator', actor: actor() },
      { bookings: new DynamoBookingStore(), guests: new DynamoGuestDetailsStore(), now: () => new Date() },
    );
    if (outcome.kind === 'not-found') throw new AccountAdminError('not-found', `no booking ${bookingId} of ${tenant}`);
    if (outcome.kind === 'pending')
      throw new AccountAdminError(
        'conflict',
        `booking ${bookingId} of ${tenant} is pending: its supplier may still confirm it; erase it once it is confirmed or failed`,
      );
    print(outcome, `${bookingId} of ${tenant}: personal data erased at ${outcome.personalDataErasedAt}`);
  });

guest
  .command('erase-due <tenant>')
  .description(
    "the retention job, as it runs daily on AWS: erase the personal data of every booking whose check-out is more than the retention's days behind",
  )
  .option('--days <days>', 'the retention in days after check-out (default: PERSONAL_DATA_RETENTION_DAYS, else 90)')
  .action(async (tenant: string, options: { days?: string }) => {
    needGuestTables();
    const [{ eraseDuePersonalData }, { DynamoBookingStore }, { DynamoGuestDetailsStore }, retention] = await Promise.all([
      import('../functions/booking/personal-data/erase-due-personal-data.js'),
      import('../functions/booking/record/booking-store.js'),
      import('../functions/booking/personal-data/guest-details-store.js'),
      import('../functions/booking/personal-data/personal-data-retention.js'),
    ]);
    // The stack's setting when this shell has it, read by the job's own rule (a malformed one fails, naming
    // the variable), else the default.
    const { days: stackDays } = defineConfig('operator tool', {
      variables: { PERSONAL_DATA_RETENTION_DAYS: retention.retentionDaysConfig.variables.PERSONAL_DATA_RETENTION_DAYS.optional() },
      read: (values) => ({ days: values.PERSONAL_DATA_RETENTION_DAYS ?? retention.DEFAULT_RETENTION_DAYS }),
    }).parse(process.env);
    const days = options.days === undefined ? stackDays : Number(options.days);
    if (!Number.isInteger(days) || days < 0)
      throw new AccountAdminError('invalid', '--days must be a whole number of days, 0 or more', '--days');
    const run = await eraseDuePersonalData(
      tenant,
      { bookings: new DynamoBookingStore(), guests: new DynamoGuestDetailsStore(), now: () => new Date() },
      days,
    );
    print(
      run,
      `${tenant}: ${run.erased} erased (check-out on or before ${run.lastCheckOut}, ${run.retentionDays} days), ${run.skippedPending} pending left for a later run`,
    );
  });

const fx = program
  .command('fx')
  .description(
    "the deployment's FX rates: the feed's figures and the operators' rates for what it lacks (needs --fx-rates-table or --table-prefix)",
  );
const needFxRatesTable = () => {
  if (!process.env.FX_RATES_TABLE)
    throw new CommanderError(
      EXIT.usage,
      'admin.tables',
      'error: name the FX rates table: --table-prefix (npm start) or --fx-rates-table (a deployed stack)',
    );
};
fx.command('set <CCY>')
  .description(
    "set a currency's rate, dated today and used until it is older than the stack's maximum age (fxMaxAgeDays, 4 days by default): for a currency the feed does not publish, or in place of the feed's while it is stopped (audited)",
  )
  .requiredOption('--per-eur <decimal>', 'units of the currency per 1 EUR, e.g. 0.3207 for KWD')
  .requiredOption('--source <text>', 'where the figure comes from (shown in the source of every price converted with it)')
  .action(async (currency: string, options: { perEur: string; source: string }) => {
    needFxRatesTable();
    const { setOperatorRate } = await import('../functions/accounts/fx-admin.js');
    const rate = await setOperatorRate({ currency, perEur: options.perEur, source: options.source }, actor());
    print(
      rate,
      `${rate.currency}: ${rate.perEur} per EUR (${rate.source}), set ${rate.setAt} by ${rate.setBy}; used until it is older than the maximum age`,
    );
  });
fx.command('list')
  .description('every currency quotes can use: its figure per EUR, source, date, age, and whether it is still usable')
  .option('--max-age-days <days>', "the stack's maximum age (default: FX_MAX_AGE_DAYS, else 4)")
  .action(async (options: { maxAgeDays?: string }) => {
    needFxRatesTable();
    const [{ listFxRates }, { fxSettingsConfig }] = await Promise.all([
      import('../functions/accounts/fx-admin.js'),
      import('../functions/stores/fx-settings.js'),
    ]);
    // The stack's setting when this shell has it, read by the functions' own rule (a malformed one fails, naming it).
    const { fx: stackSettings } = defineConfig('operator tool', {
      variables: fxSettingsConfig.variables,
      read: (values) => ({ fx: fxSettingsConfig.read(values) }),
    }).parse(process.env);
    const maxAgeDays = options.maxAgeDays === undefined ? stackSettings.maxAgeDays : Number(options.maxAgeDays);
    if (!Number.isInteger(maxAgeDays) || maxAgeDays < 1)
      throw new AccountAdminError('invalid', '--max-age-days must be a whole number of days, 1 or more', '--max-age-days');
    const listing = await listFxRates(maxAgeDays);
    print(
      listing,
      [
        `feed: ${listing.latestFeedDay ? `${listing.feedSource}, latest day ${listing.latestFeedDay}` : 'never read'}; maximum age ${listing.maxAgeDays} days`,
        ...listing.rates.map(
          (r) =>
            `${r.currency}  ${r.perEur.padStart(14)} per EUR  ${r.asOf}  ${String(r.ageDays).padStart(3)} d  ${r.usable ? 'usable ' : 'STALE  '}  ${r.decimals} dec  ${r.source}${r.alsoSet ? `  (${r.alsoSet.from} ${r.alsoSet.perEur} of ${r.alsoSet.asOf} set aside)` : ''}`,
        ),
        ...(listing.missing.length > 0 ? [`not read yet: ${listing.missing.join(' ')}`] : []),
      ].join('\n'),
    );
  });

program
  .command('show <tenant>')
  .description('everything of an account: scopes, clients, contracts, pricing rules (never a secret)')
  .action(async (tenant: string) => {
    const view = await showAccount(tenant);
    print(
      view,
      [
        `account ${view.account.tenant} (${view.account.name}), scopes ${view.account.scopes.join(' ')}, created ${view.account.createdAt}`,
        'clients:',
        ...view.clients.map(
          (c) =>
            `  ${c.clientId.padEnd(28)} ${c.status.padEnd(8)} ${c.scopes.join(' ')}${c.previousSecretValidUntil ? ` (old secret until ${c.previousSecretValidUntil})` : ''}`,
        ),
        'contracts:',
        ...view.contracts.map((c) => `  ${c.supplierId.padEnd(12)} ${c.adapter.padEnd(10)} ${c.endpoint} ${c.credentials}`),
        `pricing rules: ${view.pricingRules ? JSON.stringify(view.pricingRules) : 'none stored (built-in defaults)'}`,
      ].join('\n'),
    );
  });

program
  .command('audit <tenant>')
  .description("the account's audit trail, oldest first")
  .action(async (tenant: string) => {
    const trail = await auditTrail(tenant);
    print(trail, trail.map((e) => `${e.at}  ${e.actor.padEnd(12)} ${e.action.padEnd(22)} ${e.target}`).join('\n') || 'no changes recorded');
  });

function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError)
    return error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version'
      ? EXIT.ok
      : EXIT.usage;
  if (error instanceof AccountAdminError) return { 'not-found': EXIT.notFound, conflict: EXIT.conflict, invalid: EXIT.invalid }[error.code];
  // A variable of this shell the tool reads (a table, an endpoint, the retention) is malformed: it says which.
  if (error instanceof ConfigError) return EXIT.invalid;
  if (isDependencyOutage(error)) return EXIT.unreachable;
  return EXIT.unexpected;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const code = exitCodeOf(error);
  if (!(error instanceof CommanderError)) {
    const message =
      error instanceof AccountAdminError || error instanceof ConfigError
        ? error.message
        : code === EXIT.unreachable
          ? `the tables could not be reached: ${(error as Error).message}`
          : String((error as Error)?.stack ?? error);
    if (program.opts<GlobalOptions>().json)
      console.log(
        JSON.stringify({ error: { code, message, ...(error instanceof AccountAdminError && error.field ? { field: error.field } : {}) } }),
      );
    else console.error(`error: ${message}`);
  } else if (error.code === 'admin.tables') {
    console.error(error.message);
  }
  process.exitCode = code;
}
