/**
 * Errors of the domain, thrown by db/ and services/ (never HTTP). lib/api maps each code to a status
 * through its one table; the UI translates codes.
 */
export type DomainErrorCode = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'payload_too_large';
export type FieldIssue = { field: string; message: string };

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Something named by id does not exist (or is not the caller's to see). */
export class NotFound extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('not_found', message, issues);
    this.name = 'NotFound';
  }
}

/** The change collides with the current state (a stale version, a duplicate, a state that forbids it). */
export class Conflict extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('conflict', message, issues);
    this.name = 'Conflict';
  }
}

/** The input breaks a domain rule (with the fields at fault). */
export class Invalid extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('invalid', message, issues);
    this.name = 'Invalid';
  }
}

/** The caller may not do this (e.g. approving what they prepared themselves). */
export class Forbidden extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('forbidden', message, issues);
    this.name = 'Forbidden';
  }
}

/** Too much input (a file or a batch over its limit). */
export class TooLarge extends DomainError {
  constructor(message: string) {
    super('payload_too_large', message);
    this.name = 'TooLarge';
  }
}
