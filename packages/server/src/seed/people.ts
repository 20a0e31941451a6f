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

/** People with varied names, usernames (some missing) and photos (some missing). */
function crowd(firstId: number, count: number): DevPerson[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(i * 3) % LAST_NAMES.length] as string;
    const id = firstId + i;
    return {
      id,
      name: `${first} ${last}`,
      username: i % 4 === 3 ? null : `${first}_${last}`.toLowerCase() + (i >= 20 ? `_${i}` : ''),
      photo: i % 3 === 0 ? null : `photo-user-${id}`,
    };
  });
}

/** Everyone the seed's bots know: Dana, the other owner, and the members of each bot. */
export function people(): DevPerson[] {
  return [
    { id: DEMO_USER_ID, name: 'Dana Demo', username: 'dana_demo', photo: 'photo-user-dana' },
    { id: OTHER_OWNER_ID, name: 'Oren Owner', username: 'oren_owner', photo: null },
    ...crowd(100000101, 3),
    ...crowd(100000110, 35),
    ...crowd(100000150, 4),
    ...crowd(100000201, 6),
    ...crowd(100000210, 2),
    ...crowd(100000220, 4),
    ...crowd(100000230, 2),
  ];
}
