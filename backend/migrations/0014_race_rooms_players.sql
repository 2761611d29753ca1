-- Issue 25, rule 3: a race's players may not search between its ends while it runs. The connections
-- feature asks, at every signed-in search, which running race (countdown or racing) has the user
-- among its players: this index holds only running rooms, by their players, so that lookup reads a
-- handful of index entries however many rooms the table keeps.
CREATE INDEX IF NOT EXISTS "race_rooms_running_players_idx" ON "race_rooms" USING gin (("room" -> 'players') jsonb_path_ops) WHERE ("room" ->> 'status') IN ('countdown', 'racing');
