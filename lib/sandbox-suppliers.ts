/**
 * Sandbox stacks only: the sandbox suppliers from the same code the local host runs, each behind a Lambda
 * function URL, and the stack tenant's contracts pointing at them (written at deploy by a custom resource,
 * the way an operator writes a production contract).
 *
 * The function URLs are public (auth NONE) because each supplier checks its own protocol's credentials
 * (Hotelbeds' signed Api-key, Rapid's signature, OpenTravel's requestor id and password), exactly as the
 * real suppliers do; those credentials live in one Secrets Manager secret per supplier, which both the
 * supplier and the contract name.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { keys } from '../functions/shared/keys.js';
import { ECB_FEED_PATH, SANDBOX_FEED_SOURCE } from '../sandbox/ecb/server.js';
import { SANDBOX_SUPPLIERS } from '../sandbox/suppliers.js';
import { settleCustomResourceSingleton } from './custom-resource-singleton.js';
import { HotelFunction } from './hotel-function.js';
import { removalPolicyFor, type DeploymentConfig } from './stack-config.js';
import { grantTableKey } from './table-grants.js';
import type { HotelTables } from './tables.js';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/shared/time-budgets.js';

/**
 * `-c sandboxSupplierConcurrency=1`: reserve one execution environment per sandbox supplier, so that all of a
 * supplier's calls reach the container that holds its bookings in memory. Off by default: Lambda keeps 100 of
 * an account's concurrency unreserved and a new account's quota is far lower, so a reservation is refused there
 * and rolls the deploy back (AWS Lambda "Configuring reserved concurrency"). An account whose concurrency quota
 * is at least 103 may set it (docs/operators.md, "First deploy"); without it a booking made in one supplier
 * container is unknown to another, as after a sandbox reset.
 */
export const SANDBOX_SUPPLIER_CONCURRENCY_CONTEXT = 'sandboxSupplierConcurrency';

function supplierConcurrencyFrom(scope: Construct): number | undefined {
  const value: unknown = scope.node.tryGetContext(SANDBOX_SUPPLIER_CONCURRENCY_CONTEXT);
  if (value === undefined || value === null || value === '') return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 10)
    throw new Error(`context ${SANDBOX_SUPPLIER_CONCURRENCY_CONTEXT}=${String(value)}: use 1 (one container per supplier) or leave it out`);
  return count;
}

export interface SandboxSuppliersProps {
  readonly config: DeploymentConfig;
  readonly tables: HotelTables;
}

export interface DeployedSandboxSupplier {
  readonly supplierId: string;
  readonly url: FunctionUrl;
  readonly credentials: Secret;
}

export class SandboxSuppliers extends Construct {
  readonly suppliers: readonly DeployedSandboxSupplier[];
  /**
   * The sandbox ECB feed (sandbox/ecb/): the ECB's two reference-rate files in the ECB's layout, the embedded
   * snapshot's figures dated the day served, behind a public function URL (public data, as the ECB's own);
   * the stack's FX feed job reads it instead of the ECB, and its figures' stamps say so.
   */
  readonly fxFeed: { readonly url: string; readonly source: string };
  readonly ecbFeed: HotelFunction;

  constructor(scope: Construct, id: string, props: SandboxSuppliersProps) {
    super(scope, id);
    const { config } = props;
    const reservedConcurrentExecutions = supplierConcurrencyFrom(this);
    const contractsTable = props.tables.get('contracts');
    const contracts = contractsTable.table;

    this.suppliers = SANDBOX_SUPPLIERS.map((definition) => {
      const credentials = new Secret(this, `${definition.supplierId}Credentials`, {
        description: `Sandbox ${definition.supplierId} credentials for tenant ${config.tenant}`,
        generateSecretString: {
          secretStringTemplate: JSON.stringify({ apiKey: `${config.tenant}-${definition.supplierId}` }),
          generateStringKey: 'secret',
          excludePunctuation: true,
          // OpenTravel's MessagePassword allows at most 16 characters; the same length serves every supplier.
          passwordLength: 16,
        },
        removalPolicy: removalPolicyFor(config.stage),
      });
      Validations.of(credentials).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: 'Sandbox supplier credentials guard fake inventory and are replaced with the stack; rotation would add nothing.',
      });

      const supplier = new HotelFunction(this, definition.supplierId, {
        config,
        entry: definition.lambdaEntry,
        description: `Sandbox supplier ${definition.supplierId}`,
        serviceName: `sandbox-${definition.supplierId}`,
        memorySize: 1024,
        timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.sandboxSupplier),
        ...(reservedConcurrentExecutions !== undefined ? { reservedConcurrentExecutions } : {}),
        environment: { SANDBOX_CREDENTIALS_SECRET_ARN: credentials.secretArn },
      });
      credentials.grantRead(supplier.function);
      const url = supplier.function.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });

      const contract = {
        ...keys.contract(config.tenant, definition.supplierId),
        kind: 'contract',
        tenant: config.tenant,
        supplierId: definition.supplierId,
        adapter: definition.adapter,
        endpoint: url.url,
        sandbox: true,
        credentialsSecretArn: credentials.secretArn,
        active: true,
      };
      const putContract = {
        service: 'DynamoDB',
        action: 'putItem',
        parameters: { TableName: contracts.tableName, Item: marshal(contract) },
        physicalResourceId: PhysicalResourceId.of(`${config.tenant}-${definition.supplierId}-contract`),
      };
      const writer = new AwsCustomResource(this, `${definition.supplierId}Contract`, {
        onCreate: putContract,
        onUpdate: putContract,
        policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [contracts.tableArn] }),
        installLatestAwsSdk: false,
      });
      // fromSdkCalls grants the PutItem only; the contracts table is under the stack's key, which DynamoDB uses
      // with the caller's own permissions: without the key the PutItem is refused and the deploy rolls back.
      grantTableKey(writer, contractsTable, 'readWrite');
      return { supplierId: definition.supplierId, url, credentials };
    });

    const ecbFeed = (this.ecbFeed = new HotelFunction(this, 'EcbFeed', {
      config,
      entry: 'sandbox/ecb/lambda.ts',
      description: "Sandbox ECB feed: the ECB's reference-rate files, the embedded snapshot's figures",
      serviceName: 'sandbox-ecb-feed',
      memorySize: 256,
      timeout: Duration.seconds(10),
      // No reservation (a new account's quota leaves none, see SANDBOX_SUPPLIER_CONCURRENCY_CONTEXT): it is read
      // once an hour by one job and answers from the snapshot in memory.
    }));
    const ecbFeedUrl = ecbFeed.function.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
    this.fxFeed = { url: `${ecbFeedUrl.url}${ECB_FEED_PATH.slice(1)}`, source: SANDBOX_FEED_SOURCE };

    settleCustomResourceSingleton(this);
  }
}

/** DynamoDB's attribute-value form for the putItem call (strings, booleans and tokens only here). */
function marshal(item: Record<string, string | boolean>): Record<string, { S: string } | { BOOL: boolean }> {
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'boolean' ? { BOOL: v } : { S: v }]));
}
