import type { Mineral } from '@cairn/shared/api/trails';
import type { Draft } from '../answers';

/** What every mineral input gets from the pebble form. */
export interface MineralProps {
  mineral: Mineral;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** answered and can_change_answer is false */
  readOnly: boolean;
  /** id of the question title: inputs and groups are labelled by it */
  labelId: string;
  /** id of the shown error, when this mineral has it */
  errorId?: string;
}

export type Option = NonNullable<Mineral['properties']['values']>[number];
