// The questions a tool asks during a one-shot command (elicitation, sampling), answered from the `--answer` values in
// order, or declined. A script has nobody to ask: nothing ever waits for a terminal.
import { isPlainObject } from '../../../protocol/index.js';
import type { ElicitAnswer, ElicitRequest, SampleAnswer, SampleRequest } from '../../types.js';

export class QuestionAnswers {
  readonly #answers: string[];
  readonly #say: (line: string) => void;

  /** `say` tells the person running the command what was asked and how it was answered (stderr). */
  constructor(answers: readonly string[], say: (line: string) => void) {
    this.#answers = [...answers];
    this.#say = say;
  }

  /**
   * A form question takes the next answer as its content (a JSON object); `decline` or `cancel` says so. A URL
   * question (open this page) cannot be answered from a script: declined.
   */
  elicit = async (request: ElicitRequest): Promise<ElicitAnswer> => {
    if (request.mode === 'url') return this.#decline(`a page to open (${request.url})`);
    const answer = this.#answers.shift();
    if (answer === undefined) return this.#decline(`"${request.message}"`);
    if (answer === 'decline' || answer === 'cancel') {
      this.#say(`the tool asked "${request.message}": ${answer === 'cancel' ? 'cancelled' : 'declined'} by --answer`);
      return { action: answer };
    }
    let content: unknown;
    try {
      content = JSON.parse(answer);
    } catch {
      content = undefined;
    }
    if (!isPlainObject(content)) {
      this.#say(`the tool asked "${request.message}"; --answer ${answer} is not a JSON object: declined`);
      return { action: 'decline' };
    }
    this.#say(`the tool asked "${request.message}": answered from --answer`);
    return { action: 'accept', content };
  };

  /** A sampling request takes the next answer as the model's reply text. */
  sample = async (request: SampleRequest): Promise<SampleAnswer> => {
    const answer = this.#answers.shift();
    if (answer === undefined || answer === 'decline' || answer === 'cancel') {
      return answer === 'cancel' ? { action: 'cancel' } : this.#decline('for a model reply (sampling)');
    }
    this.#say(`the tool asked for a model reply (${request.messages.length} messages): answered from --answer`);
    return {
      action: 'accept',
      result: {
        role: 'assistant',
        content: { type: 'text', text: answer },
        model: 'tool-console',
        stopReason: 'endTurn',
      },
    };
  };

  #decline(what: string): { action: 'decline' } {
    this.#say(`the tool asked ${what}; no --answer left: declined`);
    return { action: 'decline' };
  }
}
