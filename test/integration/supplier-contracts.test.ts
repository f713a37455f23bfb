import { beforeAll, describe, expect, it } from 'vitest';
import { listContracts, putContract, type SupplierContract } from '../../functions/suppliers/contracts.js';
import { freshTables } from '../support/dynamo.js';

beforeAll(async () => {
  await freshTables();
});

const sandbox = (tenant: string, supplierId: string, adapter: SupplierContract['adapter']): SupplierContract => ({
  tenant,
  supplierId,
  adapter,
  endpoint: `http://127.0.0.1:9/${supplierId}`,
  sandbox: true,
  credentials: { apiKey: 'k', secret: 's' },
  active: true,
});

describe('supplier contracts', () => {
  it('are listed per tenant only, active ones, in a stable order', async () => {
    await putContract(sandbox('t1', 'opentravel', 'opentravel'));
    await putContract(sandbox('t1', 'hotelbeds', 'hotelbeds'));
    await putContract({ ...sandbox('t1', 'expedia', 'expedia'), active: false });
    await putContract(sandbox('t2', 'expedia', 'expedia'));
    expect((await listContracts('t1')).map((c) => c.supplierId)).toEqual(['hotelbeds', 'opentravel']);
    expect((await listContracts('t2')).map((c) => c.supplierId)).toEqual(['expedia']);
    expect(await listContracts('nobody')).toEqual([]);
  });

  it("accept production credentials only from a secret under the tenant's supplier prefix (the one the stack may read)", async () => {
    const production = (arn: string): SupplierContract => {
      const { credentials: _inline, ...rest } = sandbox('t4', 'hotelbeds', 'hotelbeds');
      return { ...rest, sandbox: false, credentialsSecretArn: arn };
    };
    await putContract(production('arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotel-api/t4/suppliers/hotelbeds-AbCdEf'));
    expect((await listContracts('t4')).map((c) => c.credentialsSecretArn)).toEqual(['arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotel-api/t4/suppliers/hotelbeds-AbCdEf']);
    await expect(putContract(production('arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotel-api/other/suppliers/hotelbeds-AbCdEf'))).rejects.toThrow(/hotel-api\/<tenant>\/suppliers/);
    await expect(putContract(production('arn:aws:secretsmanager:eu-west-1:123456789012:secret:anything-AbCdEf'))).rejects.toThrow(/suppliers/);
  });

  it('refuse production credentials stored inline and a contract without credentials', async () => {
    await expect(putContract({ ...sandbox('t3', 'hotelbeds', 'hotelbeds'), sandbox: false })).rejects.toThrow(/Secrets Manager/);
    const { credentials: _omit, ...bare } = sandbox('t3', 'hotelbeds', 'hotelbeds');
    await expect(putContract(bare as SupplierContract)).rejects.toThrow(/credentials/);
  });
});
