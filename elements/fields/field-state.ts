// What a generated form keeps about its fields besides the value: text typed that the value cannot show, the variant
// open at each `oneOf`, and which errors the fields drawing now have claimed. The tool form and the question dialog
// both keep one, and hand its `context` to the render functions.
import type { ValidationFailure } from '../../protocol/index.js';
import { isWithin } from '../schema/json-pointer.js';
import { matchVariant } from '../schema/variant-match.js';
import type { FieldContext } from './field-context.js';

export class FieldState {
  // A key holding undefined reads as nothing typed, as a missing key does.
  private readonly typing = new Map<string, string | undefined>();
  private readonly variants = new Map<string, number>();
  private readonly placed = new Set<ValidationFailure>();

  constructor(private readonly redraw: () => void) {}

  /** Forgets what was being typed and the variants picked (new values from outside, a new schema). */
  forgetEditing(): void {
    this.typing.clear();
    this.variants.clear();
  }

  /** Of `errors`, those no field has claimed since the context was made: they go to the top of the form. */
  unplaced(errors: readonly ValidationFailure[]): ValidationFailure[] {
    return errors.filter((error) => !this.placed.has(error));
  }

  /**
   * The context for one render (make one per render, before drawing), with `visible` the errors to show: each goes
   * to the first field that claims it.
   */
  context(visible: readonly ValidationFailure[], change: FieldContext['change'], disabled: boolean): FieldContext {
    this.placed.clear();
    return {
      change,
      typingAt: (pointer) => this.typing.get(pointer),
      setTyping: (pointer, text) => {
        this.typing.set(pointer, text);
        this.redraw();
      },
      forgetTyping: (pointer) => {
        for (const key of this.typing.keys()) if (isWithin(key, pointer)) this.typing.delete(key);
      },
      errorsAt: (pointer, inside = false) => {
        const claimed = visible.filter(
          (error) => !this.placed.has(error) && (error.path === pointer || (inside && isWithin(error.path, pointer))),
        );
        for (const error of claimed) this.placed.add(error);
        return claimed.map((error) => error.message);
      },
      variantAt: (pointer, variants, current) => this.variants.get(pointer) ?? matchVariant(variants, current),
      chooseVariant: (pointer, index) => void this.variants.set(pointer, index),
      disabled,
    };
  }
}
