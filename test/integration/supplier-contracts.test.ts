import { beforeAll, describe, expect, it } from 'vitest';
import {
  listContracts,
  putContract,
  putSalesSettings,
  type ContractInput,
  type SupplierContract,
} from '../../functions/suppliers/contracts.js';
import { freshTables } from '../support/dynamo.js';

beforeAll(async () => {
  await freshTables();
});

const sandbox = (tenant: string, supplierId: string, adapter: SupplierContract['adapter']): ContractInput => ({
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
    const production = (arn: string): ContractInput => {
      const { credentials: _inline, ...rest } = sandbox('t4', 'hotelbeds', 'hotelbeds');
      return { ...rest, sandbox: false, credentialsSecretArn: arn };
    };
    await putContract(production('arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotel-api/t4/suppliers/hotelbeds-AbCdEf'));
    expect((await listContracts('t4')).map((c) => c.credentialsSecretArn)).toEqual([
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotel-api/t4/suppliers/hotelbeds-AbCdEf',
    ]);
    await expect(
      putContract(production('arn:aws:secretsmanager:eu-west-1:123456789012:secret:hotel-api/other/suppliers/hotelbeds-AbCdEf')),
    ).rejects.toThrow(/hotel-api\/<tenant>\/suppliers/);
    await expect(putContract(production('arn:aws:secretsmanager:eu-west-1:123456789012:secret:anything-AbCdEf'))).rejects.toThrow(
      /suppliers/,
    );
  });

  it('refuse production credentials stored inline and a contract without credentials', async () => {
    await expect(putContract({ ...sandbox('t3', 'hotelbeds', 'hotelbeds'), sandbox: false })).rejects.toThrow(/Secrets Manager/);
    const { credentials: _omit, ...bare } = sandbox('t3', 'hotelbeds', 'hotelbeds');
    await expect(putContract(bare as ContractInput)).rejects.toThrow(/credentials/);
  });
});

describe("an account's sales settings", () => {
  it('the point of sale is read with the contracts, by the same query, onto every contract', async () => {
    await putContract(sandbox('t5', 'hotelbeds', 'hotelbeds'));
    await putContract({ ...sandbox('t5', 'hbspec', 'hotelbeds'), sellsPackages: true });
    expect((await listContracts('t5')).map((c) => c.pointOfSale)).toEqual([undefined, undefined]);
    await putSalesSettings('t5', { pointOfSale: 'ES', reservationsEmail: 'desk@t5.example' });
    const contracts = await listContracts('t5');
    expect(contracts.map((c) => [c.supplierId, c.pointOfSale, c.reservationsEmail, c.sellsPackages])).toEqual([
      ['hbspec', 'ES', 'desk@t5.example', true],
      ['hotelbeds', 'ES', 'desk@t5.example', false],
    ]);
    await expect(putSalesSettings('t5', { pointOfSale: 'Spain' })).rejects.toThrow(/ISO 3166/);
    await expect(putSalesSettings('t5', { reservationsPhone: '020 7946 0000' })).rejects.toThrow(/E.164/);
  });
});
