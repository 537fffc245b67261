import { LIBRARIES_A_C } from "./libraries-a-c.js";
import { LIBRARIES_D_K } from "./libraries-d-k.js";
import { LIBRARIES_L_O } from "./libraries-l-o.js";
import { LIBRARIES_P_S } from "./libraries-p-s.js";
import { LIBRARIES_T_Z } from "./libraries-t-z.js";

/** Every library entry, without snippets. A key is the `library_name` models carry on the Hub. */
export const LIBRARY_ENTRIES = {
  ...LIBRARIES_A_C,
  ...LIBRARIES_D_K,
  ...LIBRARIES_L_O,
  ...LIBRARIES_P_S,
  ...LIBRARIES_T_Z,
};

export type ModelLibraryKey = keyof typeof LIBRARY_ENTRIES;

/** The data files, for tests that check no key is defined twice across them. */
export const LIBRARY_ENTRY_GROUPS = [
  LIBRARIES_A_C,
  LIBRARIES_D_K,
  LIBRARIES_L_O,
  LIBRARIES_P_S,
  LIBRARIES_T_Z,
];
