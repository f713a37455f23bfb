/**
 * The log check itself: what it recognises as a leak, what it lets pass, and that the setup file really
 * captures what the handlers' logger writes (test/capture-logs.ts, test/support/log-leaks.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logger } from '../../functions/shared/observability.js';
import { describeLeaks, fileCapture, findLeaks, SensitiveValues, type CapturedLine } from '../support/log-leaks.js';

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJkZW1vLWNsaWVudCJ9.c2lnbmF0dXJl';
const line = (text: string, test = 'a test'): CapturedLine => ({ text, test });
const kindsIn = (text: string, sensitive = new SensitiveValues()) =>
  findLeaks([line(text)], sensitive)
    .map((l) => l.kind)
    .sort();

describe('findLeaks', () => {
  it('lets the lines the service writes today pass', () => {
    const lines = [
      '{"level":"INFO","message":"token issued","timestamp":"2027-01-01T00:00:00.000Z","tenant":"demo","clientId":"demo-client","scope":"hotels.search","tokenId":"0b6f"}',
      '{"level":"INFO","message":"bearer token refused","timestamp":"2027-01-01T00:00:00.000Z","reason":"signature","detail":"signature: the signature does not verify"}',
      '{"level":"INFO","message":"request refused","timestamp":"2027-01-01T00:00:00.000Z","problem":"validation-error","detail":"Invalid field: holder.email"}',
    ];
    const sensitive = new SensitiveValues();
    sensitive.person('Zoë', 'Ødegård');
    sensitive.secret('client secret', 'demo-secret');
    expect(
      findLeaks(
        lines.map((t) => line(t)),
        sensitive,
      ),
    ).toEqual([]);
  });

  it('finds any JWT-shaped string, e-mail address and Basic credentials without being told about them', () => {
    expect(kindsIn(`{"level":"DEBUG","message":"call","headers":{"x":"Bearer ${TOKEN}"}}`)).toEqual(['access token']);
    expect(kindsIn('gateway: sent a voucher to ada.lovelace+trip@example.co.uk')).toEqual(['e-mail address']);
    expect(kindsIn('upstream said: Basic ZGVtby1jbGllbnQ6ZGVtby1zZWNyZXQ=')).toEqual(['client credentials']);
  });

  it('finds fields named like credentials or personal data in a structured line, whatever their value', () => {
    expect(kindsIn('{"level":"INFO","message":"m","timestamp":"t","event":{"headers":{"Authorization":"x"}}}')).toEqual([
      'sensitive field',
    ]);
    expect(kindsIn('{"level":"INFO","message":"m","timestamp":"t","booking":{"guests":[{"firstName":"Q"}]}}')).toEqual(['sensitive field']);
  });

  it('finds the secrets and people a test sent, told by the request that carried them', () => {
    const sensitive = new SensitiveValues();
    sensitive.request(
      [],
      new URLSearchParams({ grant_type: 'client_credentials', client_id: 'c', client_secret: 'form-secret-1' }).toString(),
    );
    sensitive.request([['Authorization', `Basic ${Buffer.from('c:basic-secret-2').toString('base64')}`]], '');
    sensitive.request(
      [],
      JSON.stringify({ holder: { firstName: 'Ada', lastName: 'Lovelace' }, rooms: [{ guests: [{ firstName: 'A', lastName: 'B' }] }] }),
    );
    expect(kindsIn('refused form-secret-1', sensitive)).toEqual(['client secret']);
    expect(kindsIn('refused basic-secret-2', sensitive)).toEqual(['client secret']);
    expect(kindsIn('{"lastName":"Lovelace","note":"for Ada"}', sensitive)).toEqual(['guest name', 'sensitive field']);
    expect(kindsIn('booked for Lovelace, Ada', sensitive)).toEqual(['guest name']);
    // One name alone is not a person; parts too short to search for leak only as the whole name.
    expect(kindsIn('Ada asked', sensitive)).toEqual([]);
    expect(kindsIn('A and B', sensitive)).toEqual([]);
    expect(kindsIn('guest A B', sensitive)).toEqual(['guest name']);
  });

  it('finds a phone number a request carried, however a line spaces it, and a field named phone or cancellationReason', () => {
    const sensitive = new SensitiveValues();
    sensitive.request([], JSON.stringify({ holder: { firstName: 'Ada', lastName: 'Lovelace', phone: '+47 22 00 00 00' } }));
    expect(kindsIn('supplier said: call +4722000000 back', sensitive)).toEqual(['phone number']);
    expect(kindsIn('supplier said: call 47-22-00-00-00 back', sensitive)).toEqual(['phone number']);
    // Its digits apart in other numbers are not it.
    expect(kindsIn('{"level":"INFO","message":"took 47 ms","timestamp":"2027-01-22T00:00:00.000Z","n":2200}', sensitive)).toEqual([]);
    expect(kindsIn('{"level":"INFO","message":"m","timestamp":"t","phone":"x"}')).toEqual(['sensitive field']);
    expect(kindsIn('{"level":"INFO","message":"m","timestamp":"t","cancellationReason":"x"}')).toEqual(['sensitive field']);
  });

  it('never prints what it found: the report masks every value', () => {
    const sensitive = new SensitiveValues();
    sensitive.secret('signing key', 'private-d-value-0123456789');
    sensitive.person('Ada', 'Lovelace');
    const leaks = findLeaks(
      [
        line(
          `{"level":"INFO","message":"oops","timestamp":"t","d":"private-d-value-0123456789","who":"Ada Lovelace","mail":"ada@example.com","t":"${TOKEN}","email":"unknown-value"}`,
        ),
      ],
      sensitive,
    );
    expect(leaks.map((l) => l.kind).sort()).toEqual(['access token', 'e-mail address', 'guest name', 'sensitive field', 'signing key']);
    const report = describeLeaks(leaks);
    for (const secret of ['private-d-value', 'Lovelace', 'ada@example.com', TOKEN, 'unknown-value']) expect(report).not.toContain(secret);
    expect(report).toContain('"oops"');
  });
});

describe('the capture (test/capture-logs.ts)', () => {
  it("captures what the handlers' logger writes at DEBUG, and the console, naming the test", () => {
    const probe = randomUUID();
    logger.debug('capture probe', { probe });
    console.info(`console probe ${probe}`);
    const captured = fileCapture().lines.filter((l) => l.text.includes(probe));
    expect(captured.map((l) => l.test)).toEqual([expect.getState().currentTestName, expect.getState().currentTestName]);
    expect(JSON.parse(captured[0]!.text)).toMatchObject({ level: 'DEBUG', message: 'capture probe', probe });
  });

  it('notes what a request carries before fetch sends it', async () => {
    const secret = `never-sent-${randomUUID()}`;
    // Port 9 (discard) on loopback: the request is refused, but it was handed to fetch first.
    await fetch('http://127.0.0.1:9/v1/oauth/token', { method: 'POST', body: new URLSearchParams({ client_secret: secret }) }).catch(
      () => undefined,
    );
    expect(fileCapture().sensitive.knownIn(`x ${secret} y`)).toEqual([{ kind: 'client secret', values: [secret] }]);
  });
});
