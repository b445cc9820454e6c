// What the doctor says about a connection that failed: why, in one sentence a person can act on, and the evidence it
// read that from. The types are the wire's (protocol/server-state.ts), so the CLI prints the sentence, a 502 answers
// it, and a page shows the evidence beside it, all from one definition.
export type { Diagnosis, DiagnosisEvidence, DiagnosisReason } from '../../../protocol/server-state.js';
