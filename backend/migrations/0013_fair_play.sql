-- Fair play (issue 25): past awards re-derived from the ledger and its source tables under the rules of points
-- (README, "The rules of points (fair play)"; shared-types POINT_RULES). Payments the rules do not allow are removed,
-- badge counters are counted again (distinct things only), badges no longer reached are revoked with their reward,
-- and balances and levels are the ledger's sums again. The leaderboards are rebuilt from the ledger at every start.
-- Re-runnable: a second run changes nothing. Tables are named without a schema (the tests run it in a schema of their own).

-- 1. A review pays only with a rating and at least 40 characters of text (the review's text as it stands, a deleted one included).
DELETE FROM "points_ledger" l
WHERE l."reason" = 'review'
  AND NOT EXISTS (
    SELECT 1 FROM "reviews" r
    WHERE r."user_id" = l."user_id"
      AND 'review:' || r."entity_type" || ':' || r."entity_id" = l."award_key"
      AND r."rating" BETWEEN 1 AND 5
      AND char_length(btrim(r."content", E' \t\r\n')) >= 40
  );
--> statement-breakpoint
-- 2. Daily caps, by the ledger's own UTC days: the first 5 reviews, 10 watchlist adds and 10 discoveries of a day stand.
DELETE FROM "points_ledger" l
USING (
  SELECT "id", "reason", row_number() OVER (PARTITION BY "user_id", "reason", ("created_at" AT TIME ZONE 'UTC')::date ORDER BY "created_at", "id") AS n
  FROM "points_ledger"
  WHERE "reason" IN ('review', 'watchlist_add', 'discovery')
) ranked
WHERE l."id" = ranked."id"
  AND ranked.n > CASE ranked."reason" WHEN 'review' THEN 5 ELSE 10 END;
--> statement-breakpoint
-- 3. A challenge pays only for a solve on an attempt made before the player saw the answer (no earlier give-up,
--    time-out or running out of moves), within its move limit, and no faster than 2 seconds a link by the server's
--    clock from the attempt's start (a whole chain posted without an open attempt started and finished at once).
DELETE FROM "points_ledger" l
USING "challenge_attempts" a, "challenges" c
WHERE l."reason" = 'challenge'
  AND a."user_id" = l."user_id"
  AND l."award_key" = 'challenge:' || a."challenge_id"
  AND c."id" = a."challenge_id"
  AND a."status" = 'solved'
  AND a."points" > 0
  AND (
    EXISTS (
      SELECT 1 FROM "challenge_attempts" seen
      WHERE seen."user_id" = a."user_id" AND seen."challenge_id" = a."challenge_id" AND seen."id" < a."id"
        AND seen."status" IN ('gave_up', 'timed_out', 'out_of_moves')
    )
    OR a."moves" > c."move_limit"
    OR (a."degrees" IS NOT NULL AND a."finished_at" IS NOT NULL AND a."finished_at" - a."started_at" < a."degrees" * interval '2 seconds')
  );
--> statement-breakpoint
-- The attempts whose payment was taken back say so: 0 points and not rewarded, so challenge stats
-- (totalPointsEarned, daily streaks) agree with the ledger.
UPDATE "challenge_attempts" a
SET "points" = 0, "rewarded" = false
WHERE a."points" > 0
  AND NOT EXISTS (
    SELECT 1 FROM "points_ledger" l
    WHERE l."user_id" = a."user_id" AND l."reason" = 'challenge' AND l."award_key" = 'challenge:' || a."challenge_id"
  );
--> statement-breakpoint
-- 4. Badge counters, counted again from what they count.
-- Saved connections: distinct unordered pairs ("a|b", the two keys in code point order, as the badges feature writes them).
DELETE FROM "badge_counted_keys" WHERE "counter" = 'saved-connections';
--> statement-breakpoint
INSERT INTO "badge_counted_keys" ("user_id", "counter", "key")
SELECT DISTINCT s."user_id", 'saved-connections',
  least((s."from_entity_type" || ':' || s."from_entity_id") COLLATE "C", (s."to_entity_type" || ':' || s."to_entity_id") COLLATE "C")
    || '|' || greatest((s."from_entity_type" || ':' || s."from_entity_id") COLLATE "C", (s."to_entity_type" || ':' || s."to_entity_id") COLLATE "C")
FROM "saved_connections" s
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Reviews: the entities reviewed with a rating and 40 characters.
DELETE FROM "badge_counted_keys" k
WHERE k."counter" = 'reviews'
  AND NOT EXISTS (
    SELECT 1 FROM "reviews" r
    WHERE r."user_id" = k."user_id" AND r."entity_type" || ':' || r."entity_id" = k."key"
      AND r."rating" BETWEEN 1 AND 5 AND char_length(btrim(r."content", E' \t\r\n')) >= 40
  );
--> statement-breakpoint
-- Daily challenges and par solves: only solves that paid (a challenge reward still in the ledger).
DELETE FROM "badge_counted_keys" k
WHERE k."counter" = 'daily-challenges'
  AND NOT EXISTS (
    SELECT 1 FROM "points_ledger" l
    WHERE l."user_id" = k."user_id" AND l."reason" = 'challenge' AND l."details" ->> 'daily' = 'true'
      AND coalesce(l."details" ->> 'date', l."details" ->> 'challengeId') = k."key"
  );
--> statement-breakpoint
DELETE FROM "badge_counted_keys" k
WHERE k."counter" = 'par-solves'
  AND NOT EXISTS (
    SELECT 1 FROM "points_ledger" l
    WHERE l."user_id" = k."user_id" AND l."reason" = 'challenge' AND l."details" ->> 'challengeId' = k."key"
      AND (l."details" ->> 'degrees')::int <= (l."details" ->> 'par')::int
  );
--> statement-breakpoint
-- The distinct counters are their keys' counts.
INSERT INTO "badge_counters" ("user_id", "counter", "value")
SELECT k."user_id", k."counter", count(*)::int
FROM "badge_counted_keys" k
WHERE k."counter" IN ('saved-connections', 'reviews', 'daily-challenges', 'par-solves')
GROUP BY k."user_id", k."counter"
ON CONFLICT ("user_id", "counter") DO UPDATE SET "value" = excluded."value", "updated_at" = now()
WHERE "badge_counters"."value" <> excluded."value";
--> statement-breakpoint
UPDATE "badge_counters" c
SET "value" = 0, "updated_at" = now()
WHERE c."counter" IN ('saved-connections', 'reviews', 'daily-challenges', 'par-solves')
  AND c."value" <> 0
  AND NOT EXISTS (SELECT 1 FROM "badge_counted_keys" k WHERE k."user_id" = c."user_id" AND k."counter" = c."counter");
--> statement-breakpoint
-- Discoveries: the discovery rows the ledger kept (all, of 6 degrees, and with an end of each entity type).
UPDATE "badge_counters" c
SET "value" = counted.value, "updated_at" = now()
FROM (
  SELECT bc."user_id", bc."counter", (
    SELECT count(*)::int FROM "points_ledger" l
    WHERE l."user_id" = bc."user_id" AND l."reason" = 'discovery'
      AND CASE
        WHEN bc."counter" = 'discoveries' THEN true
        WHEN bc."counter" = 'six-degree-discoveries' THEN (l."details" ->> 'degrees')::int = 6
        ELSE split_part(l."details" ->> 'from', ':', 1) = split_part(bc."counter", ':', 2)
          OR split_part(l."details" ->> 'to', ':', 1) = split_part(bc."counter", ':', 2)
      END
  ) AS value
  FROM "badge_counters" bc
  WHERE bc."counter" = 'discoveries' OR bc."counter" = 'six-degree-discoveries' OR bc."counter" LIKE 'discoveries:%'
) counted
WHERE c."user_id" = counted."user_id" AND c."counter" = counted."counter" AND c."value" <> counted.value;
--> statement-breakpoint
-- 5. Badges no longer reached are revoked with their reward; a lower balance can take a milestone badge with it,
--    whose reward lowers the balance again, so this runs until nothing more is revoked. Only badges whose counter was
--    counted again above (or follows the balance) are looked at: streaks, watchlists and follows kept their rules.
DO $$
DECLARE
  revoked integer;
BEGIN
  LOOP
    -- The highest balance reached (the 'points' counter) and its level, by the ledger as it now stands.
    UPDATE "badge_counters" c
    SET "value" = CASE c."counter" WHEN 'points' THEN best.points ELSE best.level END, "updated_at" = now()
    FROM (
      SELECT u."user_id", greatest(0, coalesce(max(u.total), 0))::int AS points,
        CASE
          WHEN max(u.total) >= 10000 THEN 9 WHEN max(u.total) >= 7500 THEN 8 WHEN max(u.total) >= 5000 THEN 7
          WHEN max(u.total) >= 3000 THEN 6 WHEN max(u.total) >= 1500 THEN 5 WHEN max(u.total) >= 700 THEN 4
          WHEN max(u.total) >= 300 THEN 3 WHEN max(u.total) >= 100 THEN 2 ELSE 1
        END AS level
      FROM (
        SELECT bc."user_id", sum(l."points") OVER (PARTITION BY l."user_id" ORDER BY l."id") AS total
        FROM (SELECT DISTINCT "user_id" FROM "badge_counters" WHERE "counter" IN ('points', 'level')) bc
        LEFT JOIN "points_ledger" l ON l."user_id" = bc."user_id"
      ) u
      GROUP BY u."user_id"
    ) best
    WHERE c."user_id" = best."user_id" AND c."counter" IN ('points', 'level')
      AND c."value" <> CASE c."counter" WHEN 'points' THEN best.points ELSE best.level END;

    WITH catalog ("badge_id", "counter", "requirement") AS (
      VALUES
        ('first-connection', 'discoveries', 1), ('connection-explorer', 'discoveries', 10),
        ('connection-centurion', 'discoveries', 100), ('grand-cartographer', 'discoveries', 1000),
        ('six-degrees', 'six-degree-discoveries', 1), ('long-way-round', 'six-degree-discoveries', 10),
        ('keeper', 'saved-connections', 1), ('archivist', 'saved-connections', 25),
        ('people-person', 'discoveries:person', 1), ('movie-linker', 'discoveries:movie', 1),
        ('genre-bender', 'discoveries:genre', 1), ('keyword-sleuth', 'discoveries:keyword', 1),
        ('studio-insider', 'discoveries:company', 1), ('franchise-follower', 'discoveries:collection', 1),
        ('awards-circuit', 'discoveries:award', 1), ('location-scout', 'discoveries:location', 1),
        ('genre-expert', 'discoveries:genre', 10), ('globetrotter', 'discoveries:location', 10),
        ('award-historian', 'discoveries:award', 10),
        ('on-par', 'par-solves', 1), ('par-excellence', 'par-solves', 5),
        ('first-review', 'reviews', 1), ('critic', 'reviews', 10),
        ('century', 'points', 100), ('thousand-club', 'points', 1000), ('five-thousand-club', 'points', 5000),
        ('film-buff', 'level', 3), ('scene-stealer', 'level', 5), ('cinema-legend', 'level', 9),
        ('first-daily-challenge', 'daily-challenges', 1), ('challenge-regular', 'daily-challenges', 10),
        ('challenge-veteran', 'daily-challenges', 50)
    ),
    gone AS (
      DELETE FROM "earned_badges" e
      USING catalog b
      WHERE e."badge_id" = b."badge_id"
        AND coalesce((SELECT c."value" FROM "badge_counters" c WHERE c."user_id" = e."user_id" AND c."counter" = b."counter"), 0) < b."requirement"
      RETURNING e."user_id", e."badge_id"
    ),
    unpaid AS (
      DELETE FROM "points_ledger" l
      USING gone
      WHERE l."user_id" = gone."user_id" AND l."reason" = 'badge' AND l."award_key" = 'badge:' || gone."badge_id"
      RETURNING l."id"
    )
    SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM unpaid) INTO revoked;
    EXIT WHEN revoked = 0;
  END LOOP;
END $$;
--> statement-breakpoint
-- 6. Every balance is its ledger's sum again, and every level the one that sum reaches.
UPDATE "users" u
SET "points" = totals.points,
  "level" = CASE
    WHEN totals.points >= 10000 THEN 9 WHEN totals.points >= 7500 THEN 8 WHEN totals.points >= 5000 THEN 7
    WHEN totals.points >= 3000 THEN 6 WHEN totals.points >= 1500 THEN 5 WHEN totals.points >= 700 THEN 4
    WHEN totals.points >= 300 THEN 3 WHEN totals.points >= 100 THEN 2 ELSE 1
  END
FROM (
  SELECT x."id", coalesce((SELECT sum(l."points") FROM "points_ledger" l WHERE l."user_id" = x."id"), 0)::int AS points
  FROM "users" x
) totals
WHERE u."id" = totals."id"
  AND (u."points" <> totals.points OR u."level" <> CASE
    WHEN totals.points >= 10000 THEN 9 WHEN totals.points >= 7500 THEN 8 WHEN totals.points >= 5000 THEN 7
    WHEN totals.points >= 3000 THEN 6 WHEN totals.points >= 1500 THEN 5 WHEN totals.points >= 700 THEN 4
    WHEN totals.points >= 300 THEN 3 WHEN totals.points >= 100 THEN 2 ELSE 1
  END);
