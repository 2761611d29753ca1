import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { diaryEntries, diaryImports } from './schema.js';

export const diaryFootprint: UserFootprintPart[] = [
  { table: diaryEntries, rows: (userId) => eq(diaryEntries.userId, userId), removal: { counted: 'diaryEntries' } },
  { table: diaryImports, rows: (userId) => eq(diaryImports.userId, userId), removal: { cascade: 'Letterboxd import runs: nothing the dialog lists' } },
];
