/**
 * Invented organisations, places and people for the demo. Everything here is fictional: addresses
 * use plausible street names, US numbers use the 555-01xx range reserved for fiction, and every
 * e-mail domain ends in .example so nothing can reach a real mailbox.
 */

import { cells, list, words } from './table.ts';

/** The first customer is always Acme Corp: the fixed demo account user@acme.example belongs to it. */
export const COMPANY_NAMES = list(
  'Acme Corp, Northwind Logistics, Globex Manufacturing, Initech Financial Services, Contoso Healthcare, Fabrikam Legal LLP,' +
    'Umbrella Biotech, Vandelay Industries, Tyrell Robotics, Wonka Confectionery, Oceanic Travel Group,' +
    'Blue Harbour Shipping, Stark Precision Engineering, Hooli Media, Massive Dynamic Research, Soylent Food Co',
);

/** Combined into more names when a seed asks for more customers than COMPANY_NAMES holds. */
export const NAME_PARTS = {
  first: words(
    'Alder Brightwater Cobalt Driftwood Evergreen Fjord Granite Harbor Ironbridge Juniper Kestrel Lakeside Meridian Northgate Oakridge Pinnacle Quarry Redwood Silverline Tidewater',
  ),
  second: words(
    'Dental Logistics Insurance Architects Retail Energy Analytics Foods Clinics Capital Construction Hotels Pharma Telecom University Manufacturing',
  ),
  suffix: words('Ltd Inc GmbH Oy AB BV Group LLC'),
};

export interface Place {
  city: string;
  state: string | null;
  country: string;
  iso: string;
  /** Country calling code plus area code; the seed appends `localDigits` digits. */
  phonePrefix: string;
  localDigits: number;
  zips: string[];
  streets: string[];
}

/** `city | state | country | ISO | phone prefix | local digits | zips | streets`. */
export const PLACES: readonly Place[] = [
  'Springfield | IL | United States | US | +1217555 | 4 | 62701,62702,62704 | Industrial Parkway,South Grand Avenue,Monroe Street',
  'London | | United Kingdom | GB | +4420 | 8 | EC2A 4NE,SE1 9SG,N1 7GU | Great Eastern Street,Borough High Street,Upper Street',
  'Helsinki | Uusimaa | Finland | FI | +3589 | 7 | 00100,00180,00520 | Ruoholahdenkatu,Lapinlahdenkatu,Pasilankatu',
  'Munich | Bavaria | Germany | DE | +4989 | 8 | 80331,80335,81671 | Landsberger Straße,Rosenheimer Straße,Arnulfstraße',
  'Toronto | ON | Canada | CA | +1416555 | 4 | M5V 2T6,M4W 1A8,M5H 2N2 | King Street West,Bloor Street East,Front Street',
  'Sydney | NSW | Australia | AU | +612 | 8 | 2000,2010,2060 | Kent Street,Harris Street,Miller Street',
  'Amsterdam | North Holland | Netherlands | NL | +3120 | 7 | 1012 AB,1017 CT,1096 BK | Herengracht,Wibautstraat,De Boelelaan',
  'Stockholm | | Sweden | SE | +468 | 8 | 111 52,113 59,118 46 | Sveavägen,Götgatan,Hornsgatan',
  'Austin | TX | United States | US | +1512555 | 4 | 78701,78704,78758 | Congress Avenue,Burnet Road,East 6th Street',
  'Dublin | | Ireland | IE | +3531 | 7 | D02 X285,D04 V1W8,D08 T6YA | Grand Canal Quay,Baggot Street Lower,Thomas Street',
  'Singapore | | Singapore | SG | +65 | 8 | 018989,038983,119963 | Marina Boulevard,Raffles Place,Science Park Road',
  'Lyon | Auvergne-Rhône-Alpes | France | FR | +334 | 8 | 69002,69003,69007 | Rue de la République,Cours Lafayette,Avenue Jean Jaurès',
].map((row) => {
  const [city = '', state = '', country = '', iso = '', phonePrefix = '', digits = '', zips, streets] =
    cells(row);
  return {
    city,
    state: state || null,
    country,
    iso,
    phonePrefix,
    localDigits: Number(digits),
    zips: list(zips),
    streets: list(streets),
  };
});

export const FIRST_NAMES = words(
  `Jordan Maria Liam Aiko Noah Fatima Emil Sofia Mateo Priya Oliver Chloé Kwame Ingrid Luca Mei Jonas Amara Rafael Hannah Yusuf Elena Tomasz Grace Arjun Freya Diego Leila Finn Nadia Samuel Zoe Kenji Aino Omar Isabel`,
);

export const LAST_NAMES = words(
  `Smith Garcia Nguyen Tanaka Müller Okafor Virtanen Rossi Kowalski Andersson Dubois Patel Kim Haddad Schmidt Johansson Martins Brown Novak Silva Chen O'Brien Korhonen Fischer Moreau Yilmaz Jensen Rahman Lopez Walsh Ito Mensah`,
);

export const DEPARTMENTS = words(`FIN HR ENG SALES OPS IT LEG MKT RND CS`);

export const SERVER_ROLES = words(`FS SQL APP WEB RDS BKP PRN EXCH CA ERP`);

export const LINUX_ROLES = words(`web-prod db k8s-node jump mail-gw ci-runner elk vpn`);

/** `manufacturer | model` per host kind, for the agent's attributes. */
export const HARDWARE: Record<'windows' | 'server' | 'mac' | 'linux', string[]> = {
  windows: list(
    'Dell Inc.|Latitude 7440, Lenovo|ThinkPad T14 Gen 4, HP|EliteBook 840 G10, Dell Inc.|OptiPlex 7010',
  ),
  server: list('Dell Inc.|PowerEdge R750, HPE|ProLiant DL380 Gen10, VMware Inc.|VMware Virtual Platform'),
  mac: list('Apple Inc.|MacBook Pro 14-inch 2023, Apple Inc.|MacBook Air M2 2022, Apple Inc.|Mac mini 2023'),
  linux: list(
    'Amazon EC2|t3.large, QEMU|Standard PC Q35, Dell Inc.|PowerEdge R650, Microsoft Corporation|Virtual Machine',
  ),
};

export type StaffRole = 'admin' | 'analyst' | 'senior' | 'readonly';

/**
 * The provider's own staff: `e-mail | first name | last name | role`. The first two are fixed demo
 * accounts that the README and end-to-end tests sign in with; analysts get alerts assigned.
 */
export const STAFF = [
  'admin@watchfloor.example      | Avery  | Lindqvist | admin',
  'analyst@watchfloor.example    | Sam    | Okafor    | analyst',
  'm.virtanen@watchfloor.example | Mikko  | Virtanen  | analyst',
  'p.nair@watchfloor.example     | Priya  | Nair      | senior',
  'd.reyes@watchfloor.example    | Daniel | Reyes     | analyst',
  'l.fischer@watchfloor.example  | Lena   | Fischer   | readonly',
].map((row) => {
  const [email = '', firstName = '', lastName = '', role = 'readonly'] = cells(row);
  return { email, firstName, lastName, role: role as StaffRole };
});

export const CONTACT_TITLES = list(
  'IT Manager, CISO, Head of IT, Systems Administrator, Office Manager, CFO',
);
