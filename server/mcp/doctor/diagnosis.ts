// What the doctor says about a connection that failed: why, in one sentence a person can act on, and the evidence it
// read that from. Typed, so the CLI prints the sentence, a 502 answers it, and a page can show the evidence beside it.

/** Why the connection failed, one name per case a person fixes differently. */
export type DiagnosisReason =
  | 'command-not-found'
  | 'exited'
  | 'non-json-stdout'
  | 'protocol-version'
  | 'unauthorized'
  | 'token-refused'
  | 'forbidden'
  | 'oauth'
  | 'connection-refused'
  | 'dns'
  | 'tls'
  | 'timeout'
  | 'closed'
  | 'other';

/** What the doctor saw. Text from the server (stderr, stdout) has the known secrets blanked out. */
export interface DiagnosisEvidence {
  /** The stdio command that was not found. */
  command?: string;
  exitCode?: number;
  signal?: string;
  /** The server's last stderr lines. */
  stderr?: string[];
  /** The first lines a stdio server wrote on stdout that were not JSON. */
  stdout?: string[];
  /** The --url target. */
  url?: string;
  /** The HTTP status the server answered. */
  status?: number;
  /** The network's error code (ECONNREFUSED, ENOTFOUND, a TLS code). */
  code?: string;
  /** The time limit that ran out, in milliseconds. */
  limitMs?: number;
  /** The protocol revision the server answered, when the console does not speak it. */
  protocolVersion?: string;
}

export interface Diagnosis {
  reason: DiagnosisReason;
  /** One sentence: what failed, and what to do about it. */
  sentence: string;
  evidence: DiagnosisEvidence;
}
