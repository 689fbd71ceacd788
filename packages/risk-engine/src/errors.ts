/**
 * Every failure the engine reports is a `RiskEngineError` with a stable `code`, so the server can map
 * it to an HTTP status and show `message` to a Technical Admin as it stands.
 */
export type PickleErrorCode =
  | 'not-a-pickle'
  | 'unsupported-compression'
  | 'refused-global'
  | 'refused-opcode'
  | 'malformed'
  | 'truncated'
  | 'too-large'
  | 'too-deep'
  | 'too-slow';

export type ModelErrorCode = 'unsupported-model' | 'unsupported-version' | 'invalid-model';

export type WrapperErrorCode = 'malformed-wrapper' | 'feature-count-mismatch';

export type InputErrorCode = 'invalid-input' | 'missing-value';

export type RiskEngineErrorCode = PickleErrorCode | ModelErrorCode | WrapperErrorCode | InputErrorCode;

/**
 * The engine's failure, its `code` narrowed to one kind by each subclass. Each class keeps its own
 * `name`, spelt out rather than read from the class, since the server's logs report failures by it.
 */
export class RiskEngineError<Code extends RiskEngineErrorCode = RiskEngineErrorCode> extends Error {
  readonly code: Code;
  override name = 'RiskEngineError';
  constructor(code: Code, message: string) {
    super(message);
    this.code = code;
  }
}

/** The pickle could not be decoded safely: not a pickle, a refused global, a bound exceeded, corrupt. */
export class PickleError extends RiskEngineError<PickleErrorCode> {
  override name = 'PickleError';
  /** Byte offset (in the decompressed stream) of the opcode being decoded, when known. */
  readonly offset: number | undefined;
  constructor(code: PickleErrorCode, message: string, offset?: number) {
    super(code, message);
    this.offset = offset;
  }
}

/** The pickle decoded, but holds an estimator (or library version) this engine does not evaluate. */
export class UnsupportedModelError extends RiskEngineError<ModelErrorCode> {
  override name = 'UnsupportedModelError';
}

/** wrapper.pkl does not follow docs/model-artifacts.md, or does not fit the model. */
export class WrapperError extends RiskEngineError<WrapperErrorCode> {
  override name = 'WrapperError';
  /** One entry per problem found: `path: what is wrong`. */
  readonly issues: readonly string[];
  constructor(code: WrapperErrorCode, message: string, issues: readonly string[] = []) {
    super(code, message);
    this.issues = issues;
  }
}

/** A record or feature row cannot be evaluated (wrong length, or a missing value the model refuses). */
export class InputError extends RiskEngineError<InputErrorCode> {
  override name = 'InputError';
}
