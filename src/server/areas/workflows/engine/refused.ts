/** A step that cannot succeed by trying again: a refusal, a bad parameter, a missing alert. */
export class StepRefused extends Error {}
