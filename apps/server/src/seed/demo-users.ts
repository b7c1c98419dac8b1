import type { Role } from '@parley/contracts';

/** DEMO DATA ONLY: a shared, published password. Never load this into a real deployment. */
export const DEMO_PASSWORD = 'parley-demo-2026';
export const DEMO_ORG_NAME = 'Parley Demo Capital';

export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: 'admin@parley.example', name: 'Alex Admin', role: 'admin' },
  { email: 'director@parley.example', name: 'Dana Director', role: 'ir_director' },
  { email: 'associate@parley.example', name: 'Avery Associate', role: 'ir_associate' },
  { email: 'analyst@parley.example', name: 'Sam Analyst', role: 'is_associate' },
];
