import type { DevPerson } from '../data';
import { DEMO_USER_ID, OTHER_OWNER_ID } from './ids';

const FIRST_NAMES = [
  'Amir',
  'Bea',
  'Chen',
  'Dmitri',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ivan',
  'Julia',
  'Kemal',
  'Lina',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST_NAMES = ['Aydin', 'Baker', 'Costa', 'Demir', 'Evans', 'Fischer', 'Garcia', 'Haddad'];

/**
 * People with varied names, usernames (some missing) and photos (some missing). The `n`th of
 * the seed's crowd (counted across every crowd) has a name and username no one else has, as
 * Telegram's usernames are: the 40th would repeat the first's pair, so each round of 40 shifts
 * the last names by one.
 */
function crowd(firstId: number, count: number, start: number): DevPerson[] {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    const first = FIRST_NAMES[n % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(n * 3 + Math.floor(n / 40)) % LAST_NAMES.length] as string;
    const id = firstId + i;
    return {
      id,
      name: `${first} ${last}`,
      username: n % 4 === 3 ? null : `${first}_${last}`.toLowerCase() + (n >= 20 ? `_${n}` : ''),
      photo: n % 3 === 0 ? null : `photo-user-${id}`,
    };
  });
}

/** The crowds: who they are, and how many (Pixel Store's 35 users come first). */
const CROWDS: readonly (readonly [firstId: number, count: number])[] = [
  [100000110, 35],
  [100000101, 3],
  [100000150, 4],
  [100000201, 6],
  [100000210, 2],
  [100000220, 4],
  [100000230, 2],
];

/** Everyone the seed's bots know: Dana, the other owner, and the members of each bot. */
export function people(): DevPerson[] {
  const everyone: DevPerson[] = [
    { id: DEMO_USER_ID, name: 'Dana Demo', username: 'dana_demo', photo: 'photo-user-dana' },
    { id: OTHER_OWNER_ID, name: 'Oren Owner', username: 'oren_owner', photo: null },
  ];
  let start = 0;
  for (const [firstId, count] of CROWDS) {
    everyone.push(...crowd(firstId, count, start));
    start += count;
  }
  return everyone;
}
