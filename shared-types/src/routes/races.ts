import { z } from 'zod';
import { RACE_CODE_LENGTH, RaceCodeSchema, RaceCreatedSchema, RaceStateSchema } from '../races.js';
import { defineRoutes } from './define.js';

const RaceParamsSchema = z.object({
  code: RaceCodeSchema.meta({ description: `The room’s ${RACE_CODE_LENGTH}-character code (letters and digits 2–9, without I, L or O; any letter case).` }),
});

/** The races routes: paths, and the schemas of their params, query, body and answers. */
export const racesRoutes = defineRoutes({
  'POST /api/challenges/races': { body: null, responses: { 201: RaceCreatedSchema } },
  'GET /api/challenges/races/:code': { params: RaceParamsSchema, responses: { 200: RaceStateSchema } },
});
