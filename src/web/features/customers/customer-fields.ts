/**
 * The customer's text fields, in the order the form asks for them and the details pane lists
 * them: one list, so a new field shows in both places.
 */
export const CUSTOMER_TEXT_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'country_iso',
  'url',
  'time_zone',
] as const;

export type CustomerTextField = (typeof CUSTOMER_TEXT_FIELDS)[number];

/** The text fields the details pane lists under the name it shows as its heading. */
export const CUSTOMER_DETAIL_FIELDS = CUSTOMER_TEXT_FIELDS.filter(
  (field): field is Exclude<CustomerTextField, 'name'> => field !== 'name',
);
