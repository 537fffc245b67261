/** Search: facet counts of a listing query and the header's quick search. */

export interface FacetValue {
  value: string;
  count: number;
}

/** `GET /api/{models|datasets|spaces}/facets`: counts over every repo the same listing query matches. */
export interface Facets {
  total: number;
  pipeline_tag: FacetValue[];
  library: FacetValue[];
  language: FacetValue[];
  license: FacetValue[];
  tags: FacetValue[];
  /** Spaces only (empty for models and datasets): the SDK each space carries as a bare tag. */
  sdk: FacetValue[];
}

/** `GET /api/quicksearch?q=` */
export interface QuickSearchResult {
  q: string;
  models: { id: string }[];
  datasets: { id: string }[];
  spaces: { id: string }[];
  /** ModelHub's own: kernel repos (the Hub's typeahead has no kernel group). */
  kernels: { id: string }[];
  users: { user: string; fullname: string }[];
  orgs: { name: string; fullname: string }[];
}
