/**
 * IAM policy statements evaluated as AWS documents it ("Policy evaluation logic", "IAM JSON policy elements"):
 * Action and NotAction (case-insensitive, `*` and `?` wildcards), Resource and NotResource (wildcards), Principal
 * for resource policies, and the condition operators our templates use (String*, Arn*, Bool, Null, with the
 * ForAllValues:/ForAnyValue: set qualifiers and IfExists). An operator it does not know fails the evaluation
 * loudly rather than guessing.
 *
 * Written here rather than taken from npm: the one maintained simulator in the registry
 * (@cloud-copilot/iam-simulate) is AGPL-3.0, which this repository does not take on.
 */

export interface PolicyStatement {
  readonly Sid?: string;
  readonly Effect: 'Allow' | 'Deny';
  readonly Action?: string | readonly string[];
  readonly NotAction?: string | readonly string[];
  readonly Resource?: string | readonly string[];
  readonly NotResource?: string | readonly string[];
  readonly Principal?: unknown;
  readonly NotPrincipal?: unknown;
  readonly Condition?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export type ContextValue = string | readonly string[];

export interface AuthorizationRequest {
  /** service:Action, as IAM names it (dynamodb:PutItem). */
  readonly action: string;
  /** The resource's ARN as it would be on AWS. */
  readonly resource: string;
  /** The condition keys of the request (aws:SecureTransport, dynamodb:LeadingKeys, kms:ViaService, ...). */
  readonly context: Readonly<Record<string, ContextValue>>;
}

export interface Principal {
  /** arn:aws:iam::<account>:role/<name> */
  readonly arn: string;
  readonly account: string;
}

const list = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** IAM's wildcards: `*` any run of characters, `?` one. */
export function wildcardMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, ignoreCase ? 'is' : 's').test(value);
}

function actionMatches(statement: PolicyStatement, action: string): boolean {
  if (statement.Action !== undefined) return list(statement.Action).some((pattern) => wildcardMatch(pattern, action, true));
  if (statement.NotAction !== undefined) return !list(statement.NotAction).some((pattern) => wildcardMatch(pattern, action, true));
  return false;
}

function resourceMatches(statement: PolicyStatement, resource: string): boolean {
  if (statement.Resource !== undefined) return list(statement.Resource).some((pattern) => wildcardMatch(pattern, resource));
  if (statement.NotResource !== undefined) return !list(statement.NotResource).some((pattern) => wildcardMatch(pattern, resource));
  // A resource policy's statement may leave Resource out: it is about the resource it is attached to.
  return true;
}

/** The AWS principals a statement's Principal names ('*' for anyone). */
function awsPrincipals(principal: unknown): readonly string[] {
  if (principal === '*') return ['*'];
  if (principal && typeof principal === 'object' && 'AWS' in principal) {
    const aws = (principal as { AWS: string | string[] }).AWS;
    return list(aws);
  }
  return [];
}

export type PrincipalMatch = 'principal' | 'account' | 'none';

/**
 * Whether a resource policy's statement names the principal itself (its ARN, or anyone), or only its account
 * (`arn:aws:iam::<account>:root` or the account id), which grants nothing by itself: it delegates to the
 * account's IAM policies (AWS "AWS JSON policy elements: Principal").
 */
export function principalMatch(statement: PolicyStatement, principal: Principal): PrincipalMatch {
  const named = awsPrincipals(statement.Principal);
  if (named.some((p) => p === '*' || p === principal.arn)) return 'principal';
  if (named.some((p) => p === principal.account || p === `arn:aws:iam::${principal.account}:root`)) return 'account';
  return 'none';
}

function stringTest(operator: string, expected: string, actual: string): boolean {
  switch (operator) {
    case 'StringEquals':
    case 'ArnEquals':
      return expected === actual;
    case 'StringEqualsIgnoreCase':
      return expected.toLowerCase() === actual.toLowerCase();
    case 'StringLike':
    case 'ArnLike':
      return wildcardMatch(expected, actual);
    case 'Bool':
      return expected.toLowerCase() === actual.toLowerCase();
    default:
      throw new Error(`condition operator ${operator} is not evaluated here`);
  }
}

const NEGATED: Readonly<Record<string, string>> = {
  StringNotEquals: 'StringEquals',
  StringNotEqualsIgnoreCase: 'StringEqualsIgnoreCase',
  StringNotLike: 'StringLike',
  ArnNotEquals: 'ArnEquals',
  ArnNotLike: 'ArnLike',
};

function conditionHolds(rawOperator: string, key: string, expectedRaw: unknown, context: AuthorizationRequest['context']): boolean {
  const expected = list(expectedRaw as string | string[]).map(String);
  let operator = rawOperator;
  let qualifier: 'ForAllValues' | 'ForAnyValue' | undefined;
  const qualified = /^(ForAllValues|ForAnyValue):(.+)$/.exec(operator);
  if (qualified) {
    qualifier = qualified[1] as 'ForAllValues' | 'ForAnyValue';
    operator = qualified[2]!;
  }
  const ifExists = operator.endsWith('IfExists');
  if (ifExists) operator = operator.slice(0, -'IfExists'.length);
  const actual = context[key];
  if (operator === 'Null') {
    const absent = actual === undefined;
    return expected.some((value) => (value === 'true') === absent);
  }
  if (actual === undefined) {
    // AWS: a missing key matches only IfExists, the negated operators and ForAllValues (vacuously).
    return ifExists || operator in NEGATED || qualifier === 'ForAllValues';
  }
  const negated = NEGATED[operator];
  const test = (value: string) => expected.some((wanted) => stringTest(negated ?? operator, wanted, value));
  const values = list(actual);
  if (qualifier === 'ForAllValues') return values.every((value) => (negated ? !test(value) : test(value)));
  if (qualifier === 'ForAnyValue') return values.some((value) => (negated ? !test(value) : test(value)));
  const matched = values.some(test);
  return negated ? !matched : matched;
}

function conditionsHold(statement: PolicyStatement, context: AuthorizationRequest['context']): boolean {
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, expected]) => conditionHolds(operator, key, expected, context)),
  );
}

/** Whether the statement applies to the request (principal aside, which resource policies check apart). */
export function statementApplies(statement: PolicyStatement, request: AuthorizationRequest): boolean {
  return (
    actionMatches(statement, request.action) && resourceMatches(statement, request.resource) && conditionsHold(statement, request.context)
  );
}
