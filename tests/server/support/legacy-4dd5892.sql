-- A database made by the code of commit 4dd5892, before versioned migrations: its idempotent schema
-- at start and its seed (24 members of Summit Builders, with billing and the Assistant's calls),
-- dumped with pg_dump 15 (--no-owner --no-privileges --inserts). tests/server/migrations.test.ts
-- restores it and migrates it. A fixture: never edit it to follow the current schema.

--
-- PostgreSQL database dump
--

\restrict YnmO1O2yES68t4ZWVJXSeg8KSD6Vfaupr7oNkdiohycNnM37HIRzBa2Vwk9A9Ax

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


--
-- Name: copilot_tally_invoices(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.copilot_tally_invoices() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'invoices', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, 1 AS n, (amount_due)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'invoices', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, -1 AS n, -(amount_due)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'invoices', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, 1 AS n, (amount_due)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, -1 AS n, -(amount_due)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: copilot_tally_members(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.copilot_tally_members() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, 1 AS n, (0)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, -1 AS n, -(0)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, 1 AS n, (0)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, -1 AS n, -(0)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: copilot_tally_subscriptions(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.copilot_tally_subscriptions() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, 1 AS n, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, -1 AS n, -(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, 1 AS n, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, -1 AS n, -(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: copilot_tally_transactions(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.copilot_tally_transactions() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'transactions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, 1 AS n, (amount)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'transactions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, -1 AS n, -(amount)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'transactions', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, 1 AS n, (amount)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, -1 AS n, -(amount)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$$;


--
-- Name: members_track_changes(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.members_track_changes() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
  END IF;
  IF NEW.activated_at IS NULL AND (NEW.is_active OR NEW.last_active_at IS NOT NULL) THEN
    NEW.activated_at := COALESCE(NEW.last_active_at, now());
  END IF;
  RETURN NEW;
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: audit_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_entries (
    id text NOT NULL,
    org_id text NOT NULL,
    actor_id text NOT NULL,
    actor_name text NOT NULL,
    actor_email text NOT NULL,
    kind text NOT NULL,
    member_id text NOT NULL,
    member_name text NOT NULL,
    member_email text NOT NULL,
    before jsonb,
    after jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT audit_entries_after_check CHECK (((after IS NULL) OR (jsonb_typeof(after) = 'object'::text))),
    CONSTRAINT audit_entries_before_check CHECK (((before IS NULL) OR (jsonb_typeof(before) = 'object'::text)))
);


--
-- Name: billing_fixtures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.billing_fixtures (
    org_id text NOT NULL,
    key text NOT NULL,
    member_id text NOT NULL
);


--
-- Name: calls; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.calls (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    duration_seconds integer NOT NULL,
    site text NOT NULL,
    summary text NOT NULL,
    sentiment text NOT NULL,
    outcome text NOT NULL,
    search tsvector GENERATED ALWAYS AS ((setweight(to_tsvector('english'::regconfig, site), 'A'::"char") || setweight(to_tsvector('english'::regconfig, summary), 'B'::"char"))) STORED,
    CONSTRAINT calls_duration_seconds_check CHECK ((duration_seconds >= 0)),
    CONSTRAINT calls_outcome_check CHECK ((outcome = ANY (ARRAY['resolved'::text, 'follow_up'::text, 'escalated'::text]))),
    CONSTRAINT calls_sentiment_check CHECK ((sentiment = ANY (ARRAY['positive'::text, 'neutral'::text, 'negative'::text])))
);


--
-- Name: copilot_tallies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.copilot_tallies (
    org_id text NOT NULL,
    subject text NOT NULL,
    day date,
    a text,
    b text,
    c text,
    n bigint NOT NULL,
    amount bigint DEFAULT 0 NOT NULL
);


--
-- Name: invoices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoices (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text,
    member_name text NOT NULL,
    member_email text NOT NULL,
    number text NOT NULL,
    status text NOT NULL,
    plan_type text NOT NULL,
    amount_due integer NOT NULL,
    amount_paid integer NOT NULL,
    has_hosted_page boolean DEFAULT true NOT NULL,
    has_pdf boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT invoices_amount_due_check CHECK ((amount_due >= 0)),
    CONSTRAINT invoices_amount_paid_check CHECK ((amount_paid >= 0)),
    CONSTRAINT invoices_plan_type_check CHECK ((plan_type = ANY (ARRAY['lite'::text, 'pro'::text]))),
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['paid'::text, 'open'::text, 'uncollectible'::text, 'void'::text])))
);


--
-- Name: member_export_tickets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.member_export_tickets (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text NOT NULL,
    request jsonb NOT NULL,
    file_name text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.members (
    id text NOT NULL,
    org_id text NOT NULL,
    cognito_sub text,
    name text NOT NULL,
    email text NOT NULL,
    phone_number text NOT NULL,
    role text NOT NULL,
    has_license boolean DEFAULT false NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    device_phone_number text,
    last_active_at timestamp with time zone,
    version integer DEFAULT 1 NOT NULL,
    activated_at timestamp with time zone,
    invited_at timestamp with time zone,
    search_text text GENERATED ALWAYS AS (lower(((name || ' '::text) || email))) STORED,
    phone_digits text GENERATED ALWAYS AS (regexp_replace(phone_number, '[^0-9]'::text, ''::text, 'g'::text)) STORED,
    CONSTRAINT members_role_check CHECK ((role = ANY (ARRAY['Field Worker'::text, 'Supervisor'::text, 'Project Manager'::text, 'Admin'::text])))
);


--
-- Name: organizations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.organizations (
    id text NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: payment_method_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_method_sessions (
    token_hash text NOT NULL,
    org_id text NOT NULL,
    member_id text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: payment_methods; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_methods (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text NOT NULL,
    brand text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_methods_exp_month_check CHECK (((exp_month >= 1) AND (exp_month <= 12))),
    CONSTRAINT payment_methods_last4_check CHECK ((last4 ~ '^[0-9]{4}$'::text))
);


--
-- Name: setup_intents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.setup_intents (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text NOT NULL,
    client_secret text NOT NULL,
    plan_type text NOT NULL,
    status text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    used_at timestamp with time zone,
    CONSTRAINT setup_intents_plan_type_check CHECK ((plan_type = ANY (ARRAY['lite'::text, 'pro'::text]))),
    CONSTRAINT setup_intents_status_check CHECK ((status = ANY (ARRAY['requires_payment_method'::text, 'succeeded'::text, 'canceled'::text])))
);


--
-- Name: subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subscriptions (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text NOT NULL,
    plan_type text NOT NULL,
    status text NOT NULL,
    current_period_start timestamp with time zone NOT NULL,
    current_period_end timestamp with time zone NOT NULL,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    cancellation_reason text,
    canceled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT subscriptions_check CHECK ((current_period_end > current_period_start)),
    CONSTRAINT subscriptions_plan_type_check CHECK ((plan_type = ANY (ARRAY['lite'::text, 'pro'::text]))),
    CONSTRAINT subscriptions_status_check CHECK ((status = ANY (ARRAY['active'::text, 'trialing'::text, 'past_due'::text, 'canceled'::text])))
);


--
-- Name: tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tasks (
    id text NOT NULL,
    org_id text NOT NULL,
    call_id text,
    title text NOT NULL,
    status text NOT NULL,
    assignee_member_id text,
    due_date date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    search tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, title)) STORED,
    CONSTRAINT tasks_check CHECK (((status = 'done'::text) = (completed_at IS NOT NULL))),
    CONSTRAINT tasks_status_check CHECK ((status = ANY (ARRAY['open'::text, 'done'::text])))
);


--
-- Name: transactions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.transactions (
    id text NOT NULL,
    org_id text NOT NULL,
    member_id text,
    member_name text NOT NULL,
    type text NOT NULL,
    status text NOT NULL,
    amount integer NOT NULL,
    description text NOT NULL,
    invoice_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT transactions_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'pending'::text]))),
    CONSTRAINT transactions_type_check CHECK ((type = ANY (ARRAY['payment_succeeded'::text, 'payment_failed'::text, 'subscription_created'::text, 'subscription_canceled'::text])))
);


--
-- Name: trials; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trials (
    member_id text NOT NULL,
    org_id text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    converted_at timestamp with time zone,
    CONSTRAINT trials_check CHECK ((ends_at > started_at))
);


--
-- Data for Name: audit_entries; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: billing_fixtures; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.billing_fixtures VALUES
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'lite_with_card', '4200335b-27ec-4b63-839b-651284b6077c'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'trial_no_card', '2796c04c-4a7b-4759-8c43-44aac30a278c'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'pro_scheduled_cancellation', '6ce17dc7-052a-4307-968e-2157c49cafe7'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'free', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices_without_links', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'trial_zero_days', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'past_due', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3'),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'canceled', '9bfbbced-bc88-42e9-8494-593f7d3d8223');


--
-- Data for Name: calls; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.calls VALUES
	('call_24b501ad5d3f3cb5550f17f6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-04 14:59:00+00', 954, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'resolved', DEFAULT),
	('call_fb6f269443fc56b05746fa08', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-04 09:17:00+00', 280, 'Oak Street Lofts', 'Concrete pour planning for the elevator core walls at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_803f8d49136b790ff3c55485', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-05 16:32:00+00', 1012, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_4ee0df23e89bc733c3101004', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-06 16:05:00+00', 1276, 'Maple Grove Elementary', 'Fire-stopping inspection at Maple Grove Elementary. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'positive', 'escalated', DEFAULT),
	('call_d225f7cc6d45333150f23e8b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-06 13:14:00+00', 1005, 'Oak Street Lofts', 'Electrical rough-in inspection at Oak Street Lofts. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'escalated', DEFAULT),
	('call_dda56c68770e0e977d160e4e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-06 08:07:00+00', 1128, 'Maple Grove Elementary', 'Schedule coordination for Maple Grove Elementary with the drywall crew. Agreed the sequence for next week and flagged a two-day slip risk.', 'negative', 'follow_up', DEFAULT),
	('call_64c82d69cd8ad32262c1ae48', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-06 11:08:00+00', 263, 'Cedar Ridge Parking Structure', 'Safety call at Cedar Ridge Parking Structure: unsecured ladder at the scaffold. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'follow_up', DEFAULT),
	('call_429c4129cdb90b796543d99a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-06 07:51:00+00', 1075, 'Maple Grove Elementary', 'Concrete pour planning for the loading dock slab at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_2294c5a9ed32aabcc6cbbcaf', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-06 09:32:00+00', 248, 'Cedar Ridge Parking Structure', 'Safety call at Cedar Ridge Parking Structure: missing guardrail on the level 4 edge. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'follow_up', DEFAULT),
	('call_3db39a19fe7b1b9cb5c297e5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-06 08:39:00+00', 1052, 'Oak Street Lofts', 'Crane lift planning at Oak Street Lofts: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_9184a98509ba351dadfb1395', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-06 15:10:00+00', 1035, 'Riverside Medical Center', 'Concrete pour planning for the ramp deck at Riverside Medical Center. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_fb827f14db003fb84c5089f2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-06 10:06:00+00', 356, 'Riverside Medical Center', 'Concrete pour planning for the elevator core walls at Riverside Medical Center. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_3dc67c3b34d026754942a8f6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-06 06:15:00+00', 701, 'Riverside Medical Center', 'Crane lift planning at Riverside Medical Center: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'resolved', DEFAULT),
	('call_2c9685fb49466bc2621a66ce', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-06 16:29:00+00', 530, 'Oak Street Lofts', 'Crane lift planning at Oak Street Lofts: rooftop HVAC lift. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'follow_up', DEFAULT),
	('call_9576270ea7a36802d49e6d8f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-06 07:35:00+00', 869, 'Oak Street Lofts', 'Safety call at Oak Street Lofts: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'escalated', DEFAULT),
	('call_6d853ebd3eb8ebe413448d8c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-07 16:51:00+00', 691, 'Cedar Ridge Parking Structure', 'Safety call at Cedar Ridge Parking Structure: trench without shoring. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'follow_up', DEFAULT),
	('call_60ba6afb8390439f5c4b4a90', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-07 06:12:00+00', 264, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: missing guardrail on the level 4 edge. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'escalated', DEFAULT),
	('call_8f4f48969261c1fb94b01945', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-07 13:18:00+00', 471, 'Oak Street Lofts', 'Safety call at Oak Street Lofts: trench without shoring. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'follow_up', DEFAULT),
	('call_45441a6ca131a8ffcd12e2e5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-07 14:45:00+00', 822, 'Harbor Point Tower', 'Safety call at Harbor Point Tower: trench without shoring. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_10972c9b3e60808b7ffb0095', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-07 12:11:00+00', 566, 'Maple Grove Elementary', 'Concrete pour planning for the loading dock slab at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_6ea2ac9e6fe2f00048109d6a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-07 16:40:00+00', 740, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: workers without hard hats near the crane zone. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'escalated', DEFAULT),
	('call_3ab34972512591f70abf2645', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-07 16:21:00+00', 881, 'Harbor Point Tower', 'Concrete pour planning for the ramp deck at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_cf3b7cfb409682130e435357', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-08 07:24:00+00', 790, 'Harbor Point Tower', 'Concrete pour planning for the loading dock slab at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_f581fdc7894fb8477bd8b0c6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-08 14:20:00+00', 1171, 'Oak Street Lofts', 'Crane lift planning at Oak Street Lofts: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_94b36d30fe8cd0339bdfaf59', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-08 10:55:00+00', 394, 'Oak Street Lofts', 'Delivery of rebar bundles to Oak Street Lofts. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'resolved', DEFAULT),
	('call_94dfbe68933786c5bd6c668f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-08 13:36:00+00', 329, 'Cedar Ridge Parking Structure', 'Delivery of drywall to Cedar Ridge Parking Structure. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'follow_up', DEFAULT),
	('call_26f86a08c356c68a02680b27', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-08 07:29:00+00', 681, 'Maple Grove Elementary', 'Electrical rough-in inspection at Maple Grove Elementary. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'resolved', DEFAULT),
	('call_58ca61d19dd1d95880a0b9bc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-08 13:37:00+00', 863, 'Summit Logistics Hub', 'Schedule coordination for Summit Logistics Hub with the architect. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'resolved', DEFAULT),
	('call_d22aa8d4eea1253e7408ea10', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-08 14:09:00+00', 1045, 'Harbor Point Tower', 'Crane lift planning at Harbor Point Tower: rooftop HVAC lift. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'resolved', DEFAULT),
	('call_13efc2f9b0e2fe0836a2de44', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-08 15:46:00+00', 459, 'Summit Logistics Hub', 'Plumbing rough-in inspection at Summit Logistics Hub. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'resolved', DEFAULT),
	('call_2ba65d36dd6aa00bd886821f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-09 08:53:00+00', 1174, 'Riverside Medical Center', 'Fire-stopping inspection at Riverside Medical Center. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'escalated', DEFAULT),
	('call_65bf1da846b04ebf2db708fc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-09 11:40:00+00', 868, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: missing guardrail on the level 4 edge. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'follow_up', DEFAULT),
	('call_08d2df4747aa8f8122e78b98', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-09 10:47:00+00', 767, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_c64cf0503dac2cb2ae45ef2a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-09 16:48:00+00', 965, 'Harbor Point Tower', 'Framing inspection at Harbor Point Tower. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'resolved', DEFAULT),
	('call_34ee3f714e240c989045928a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-09 06:50:00+00', 408, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_488b690dc391453c6c25701f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-09 15:38:00+00', 317, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_55c3bbec389d7b3f7e31abb5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-09 14:34:00+00', 1066, 'Riverside Medical Center', 'Electrical rough-in inspection at Riverside Medical Center. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'escalated', DEFAULT),
	('call_9228e8ffa6ad115959787d58', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-09 10:44:00+00', 434, 'Cedar Ridge Parking Structure', 'Delivery of rebar bundles to Cedar Ridge Parking Structure. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'follow_up', DEFAULT),
	('call_fcc34b42d69acb4052e8ce91', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-09 16:04:00+00', 1690, 'Summit Logistics Hub', 'Schedule coordination for Summit Logistics Hub with the drywall crew. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'resolved', DEFAULT),
	('call_51ff698b0c2c0bd99ad2ff04', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-09 12:51:00+00', 218, 'Harbor Point Tower', 'Delivery of drywall to Harbor Point Tower. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'follow_up', DEFAULT),
	('call_4fa768d93139c89f9371be05', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-09 06:09:00+00', 367, 'Riverside Medical Center', 'Concrete pour planning for the elevator core walls at Riverside Medical Center. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_9cfed1449e50642a7379e162', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-10 14:45:00+00', 842, 'Harbor Point Tower', 'Plumbing rough-in inspection at Harbor Point Tower. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'positive', 'escalated', DEFAULT),
	('call_bdb723a31adc335fab2d61f1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-10 13:48:00+00', 203, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: unsecured ladder at the scaffold. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'follow_up', DEFAULT),
	('call_949c882bfd82fad504dde029', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-10 16:01:00+00', 327, 'Oak Street Lofts', 'Concrete pour planning for the elevator core walls at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_d36ba59f8db8670d54a47aaf', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-10 10:18:00+00', 339, 'Maple Grove Elementary', 'Delivery of rebar bundles to Maple Grove Elementary. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'resolved', DEFAULT),
	('call_01dd11e7816ee573da63e3fb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-10 13:55:00+00', 423, 'Maple Grove Elementary', 'Delivery of rebar bundles to Maple Grove Elementary. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'resolved', DEFAULT),
	('call_a297eea8a28a901734318847', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-10 13:56:00+00', 255, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_65e454b3f7e3bf101a6602b3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-12 15:30:00+00', 547, 'Maple Grove Elementary', 'Fire-stopping inspection at Maple Grove Elementary. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'escalated', DEFAULT),
	('call_0b8028e2eac2d08d35d21763', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-12 06:06:00+00', 532, 'Oak Street Lofts', 'Concrete pour planning for the elevator core walls at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_d357d52fd35c7d67caab2813', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-13 08:38:00+00', 1465, 'Riverside Medical Center', 'Plumbing rough-in inspection at Riverside Medical Center. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'follow_up', DEFAULT),
	('call_f42c6c3072a29ebd39c152b3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-13 09:16:00+00', 624, 'Maple Grove Elementary', 'Concrete pour planning for the ramp deck at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_3abc3f6e47ebdfe985fce675', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-13 09:28:00+00', 595, 'Maple Grove Elementary', 'Concrete pour planning for the east footings at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_8173e28380c6eeb7ab38ad56', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-13 13:50:00+00', 1268, 'Harbor Point Tower', 'Rebar inspection at Harbor Point Tower. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'escalated', DEFAULT),
	('call_db0be9caa8e99d95ff0c3879', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-13 14:20:00+00', 606, 'Maple Grove Elementary', 'Concrete pour planning for the east footings at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_86d9d0899f58b55eb3044462', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-13 08:52:00+00', 847, 'Harbor Point Tower', 'Crane lift planning at Harbor Point Tower: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_8dc8f3e14f3f42432a6b64e8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-13 14:07:00+00', 296, 'Harbor Point Tower', 'Safety call at Harbor Point Tower: workers without hard hats near the crane zone. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'resolved', DEFAULT),
	('call_e56b4ed8d7561c2bdf28b8da', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-13 11:56:00+00', 608, 'Riverside Medical Center', 'Schedule coordination for Riverside Medical Center with the owner''s representative. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'resolved', DEFAULT),
	('call_26f539322383798c5b380ba4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-14 08:29:00+00', 795, 'Harbor Point Tower', 'Concrete pour planning for the level 3 slab at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_ba93473052ffb4d6c4e02466', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-14 06:53:00+00', 436, 'Summit Logistics Hub', 'Concrete pour planning for the elevator core walls at Summit Logistics Hub. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_bac06cbfd65e64aa203713f6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-14 08:09:00+00', 832, 'Riverside Medical Center', 'Crane lift planning at Riverside Medical Center: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_a5f42c71410fc658c60d2c06', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-14 10:21:00+00', 292, 'Summit Logistics Hub', 'Delivery of rebar bundles to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'resolved', DEFAULT),
	('call_0bbd0ddcfee0242bba994744', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-14 15:50:00+00', 316, 'Harbor Point Tower', 'Concrete pour planning for the east footings at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_a5033e6a986a547a62aa766b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-15 11:58:00+00', 292, 'Summit Logistics Hub', 'Delivery of HVAC units to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'resolved', DEFAULT),
	('call_b4670eeadf3f9a0073c604e0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-15 11:27:00+00', 542, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_d5240dcabb747254c89d871f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-15 07:23:00+00', 553, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'escalated', DEFAULT),
	('call_79fb1a05f3a21cd634d20fb6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-15 10:38:00+00', 969, 'Riverside Medical Center', 'Crane lift planning at Riverside Medical Center: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_edfbfd63a98c9a7204770d4b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-15 07:54:00+00', 460, 'Summit Logistics Hub', 'Delivery of structural steel to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'follow_up', DEFAULT),
	('call_379651907b40290a09d65238', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-15 10:31:00+00', 662, 'Riverside Medical Center', 'Concrete pour planning for the level 3 slab at Riverside Medical Center. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_841f611126766837d4f10a8b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-15 14:12:00+00', 1799, 'Harbor Point Tower', 'Schedule coordination for Harbor Point Tower with the owner''s representative. Agreed the sequence for next week and flagged a two-day slip risk.', 'negative', 'follow_up', DEFAULT),
	('call_5c4d7ec12a1fd013f4694d8d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-15 16:46:00+00', 652, 'Harbor Point Tower', 'Safety call at Harbor Point Tower: workers without hard hats near the crane zone. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'escalated', DEFAULT),
	('call_7502cc273886f26e3a46c0f0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-15 06:35:00+00', 449, 'Maple Grove Elementary', 'Concrete pour planning for the level 3 slab at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_a12f7024b7a7259f9b6d9992', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-16 14:03:00+00', 1417, 'Harbor Point Tower', 'Schedule coordination for Harbor Point Tower with the electrical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'positive', 'resolved', DEFAULT),
	('call_66302ea389fecbc3fed88501', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-16 12:04:00+00', 414, 'Oak Street Lofts', 'Concrete pour planning for the level 3 slab at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_6ea77d237026bcc4d1e27d36', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-16 13:44:00+00', 739, 'Riverside Medical Center', 'Crane lift planning at Riverside Medical Center: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'follow_up', DEFAULT),
	('call_f3968166bec48c03ed4a43b7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-16 12:32:00+00', 983, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the ramp deck at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_742e78cfb07977f8f1ff4e17', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-16 11:54:00+00', 1098, 'Oak Street Lofts', 'Concrete pour planning for the level 3 slab at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_7e8b085bc1307a83c4ea9f21', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-16 14:12:00+00', 224, 'Riverside Medical Center', 'Delivery of structural steel to Riverside Medical Center. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'resolved', DEFAULT),
	('call_bf13d3653488cff81ff4ab2f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-16 14:15:00+00', 763, 'Cedar Ridge Parking Structure', 'Electrical rough-in inspection at Cedar Ridge Parking Structure. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'follow_up', DEFAULT),
	('call_89bc620291be5ddb06a3614f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-16 12:23:00+00', 441, 'Harbor Point Tower', 'Concrete pour planning for the ramp deck at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_0fc25d38e3f668a4ac907e96', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-16 16:31:00+00', 468, 'Harbor Point Tower', 'Concrete pour planning for the east footings at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_35c9741aa1597ee1de81fbfe', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-16 11:31:00+00', 807, 'Harbor Point Tower', 'Framing inspection at Harbor Point Tower. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'positive', 'escalated', DEFAULT),
	('call_8ce34856b3e03ce0a003c894', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-17 10:25:00+00', 982, 'Oak Street Lofts', 'Crane lift planning at Oak Street Lofts: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'resolved', DEFAULT),
	('call_7992d6033be739feebd4c88d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-17 11:42:00+00', 1073, 'Cedar Ridge Parking Structure', 'Crane lift planning at Cedar Ridge Parking Structure: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_aec0e03d43b27e0f9b687d0d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-17 11:36:00+00', 347, 'Oak Street Lofts', 'Concrete pour planning for the east footings at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_0f842894b9055a3e49f0d010', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-17 09:45:00+00', 1334, 'Harbor Point Tower', 'Schedule coordination for Harbor Point Tower with the electrical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'negative', 'follow_up', DEFAULT),
	('call_a21d269be5580a1881c4b724', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-17 13:10:00+00', 155, 'Harbor Point Tower', 'Delivery of structural steel to Harbor Point Tower. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'follow_up', DEFAULT),
	('call_073070a464797c71934418e8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-17 11:57:00+00', 261, 'Riverside Medical Center', 'Concrete pour planning for the loading dock slab at Riverside Medical Center. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_1dadd43dbe327c3cdf613f4c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-17 06:51:00+00', 322, 'Summit Logistics Hub', 'Delivery of windows to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'resolved', DEFAULT),
	('call_e141ce3d31a9761e551bf02b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-17 07:40:00+00', 291, 'Cedar Ridge Parking Structure', 'Delivery of windows to Cedar Ridge Parking Structure. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'follow_up', DEFAULT),
	('call_abe3c4c6a7b639c7e07c3e7e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-17 08:20:00+00', 1789, 'Summit Logistics Hub', 'Schedule coordination for Summit Logistics Hub with the electrical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'positive', 'resolved', DEFAULT),
	('call_f4020d86675b0498f948c5eb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-17 12:50:00+00', 569, 'Harbor Point Tower', 'Electrical rough-in inspection at Harbor Point Tower. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'escalated', DEFAULT),
	('call_7924d4f8c6fed59be3685ec4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-17 12:26:00+00', 1602, 'Oak Street Lofts', 'Schedule coordination for Oak Street Lofts with the drywall crew. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'resolved', DEFAULT),
	('call_099b104659902d9b192f0636', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-18 11:53:00+00', 2381, 'Oak Street Lofts', 'Schedule coordination for Oak Street Lofts with the architect. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'resolved', DEFAULT),
	('call_a2c3d2a0fde2ea4edd757cb0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-19 09:32:00+00', 1158, 'Oak Street Lofts', 'Crane lift planning at Oak Street Lofts: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_4b4125e255fdd547ef12c610', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-20 09:39:00+00', 245, 'Oak Street Lofts', 'Delivery of HVAC units to Oak Street Lofts. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'follow_up', DEFAULT),
	('call_6ef5e127de6799c046f4dac9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-20 13:37:00+00', 971, 'Oak Street Lofts', 'Concrete pour planning for the elevator core walls at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_2edf12a3088554b6d2d74468', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-20 16:49:00+00', 1457, 'Summit Logistics Hub', 'Schedule coordination for Summit Logistics Hub with the drywall crew. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'follow_up', DEFAULT),
	('call_51586e746db240517982279e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-20 16:24:00+00', 425, 'Cedar Ridge Parking Structure', 'Safety call at Cedar Ridge Parking Structure: workers without hard hats near the crane zone. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'follow_up', DEFAULT),
	('call_5b38337dcab07944388e4f8d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-20 12:43:00+00', 841, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: unsecured ladder at the scaffold. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_7fb0f0424e65179edcfcb9d8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-20 09:02:00+00', 446, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: workers without hard hats near the crane zone. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_3232a0580ed531583d7fb712', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-20 09:49:00+00', 599, 'Riverside Medical Center', 'Crane lift planning at Riverside Medical Center: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_084629c30bea41fe91a92cc6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-20 12:27:00+00', 2359, 'Maple Grove Elementary', 'Schedule coordination for Maple Grove Elementary with the owner''s representative. Agreed the sequence for next week and flagged a two-day slip risk.', 'positive', 'resolved', DEFAULT),
	('call_c8e2cf1c45b6ba35fa5c34ab', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-21 10:36:00+00', 145, 'Summit Logistics Hub', 'Delivery of roofing membrane to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'follow_up', DEFAULT),
	('call_89832b34c6e70a70224bb584', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-21 14:19:00+00', 512, 'Harbor Point Tower', 'Crane lift planning at Harbor Point Tower: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_227160e6ef1739a288442cab', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-21 06:01:00+00', 1047, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the loading dock slab at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_47f14174d819bf0c8df74152', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-21 08:48:00+00', 407, 'Cedar Ridge Parking Structure', 'Safety call at Cedar Ridge Parking Structure: trench without shoring. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'escalated', DEFAULT),
	('call_6f1df1cce5cf950cc502759a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-21 09:54:00+00', 979, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the east footings at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_0ef4b5e4d1bc27d1c944b9a9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-21 16:00:00+00', 386, 'Maple Grove Elementary', 'Delivery of drywall to Maple Grove Elementary. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'resolved', DEFAULT),
	('call_e8648b2941a4a6ad38da9156', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-21 12:29:00+00', 1013, 'Riverside Medical Center', 'Schedule coordination for Riverside Medical Center with the mechanical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'follow_up', DEFAULT),
	('call_a75a8c239414ad799f5c9cd4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-21 14:15:00+00', 358, 'Summit Logistics Hub', 'Concrete pour planning for the elevator core walls at Summit Logistics Hub. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_9647b32f61bb44ceadaa9711', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-22 08:37:00+00', 509, 'Summit Logistics Hub', 'Delivery of structural steel to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'follow_up', DEFAULT),
	('call_d171312ffd1739f9a6f0d979', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-22 11:49:00+00', 370, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the loading dock slab at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_bc2cce6f40df0cdb95834674', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-22 16:23:00+00', 500, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: trench without shoring. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_9dac5f08d1e1df5715535234', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-22 09:50:00+00', 1326, 'Maple Grove Elementary', 'Schedule coordination for Maple Grove Elementary with the mechanical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'positive', 'follow_up', DEFAULT),
	('call_3410c16e31fc9426a8172f56', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-22 14:26:00+00', 609, 'Harbor Point Tower', 'Safety call at Harbor Point Tower: missing guardrail on the level 4 edge. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_f0cba5c899b9f311d49a9f29', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-24 06:01:00+00', 786, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: rooftop HVAC lift. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_cd424ffdc49bba5563af7a6e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-23 08:20:00+00', 583, 'Maple Grove Elementary', 'Concrete pour planning for the loading dock slab at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_10d0d6eb4077224b68a8df5d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-23 15:36:00+00', 1082, 'Oak Street Lofts', 'Rebar inspection at Oak Street Lofts. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'negative', 'resolved', DEFAULT),
	('call_c01ec465b01a2e9174811a15', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-23 06:49:00+00', 462, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_411fb8dfe4dd8f164363f61a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-23 08:23:00+00', 305, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the level 3 slab at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_9e33f7e612d8ee4b4dac8163', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-23 16:57:00+00', 205, 'Summit Logistics Hub', 'Delivery of roofing membrane to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'resolved', DEFAULT),
	('call_77d5ac956f6df33e5ed736bc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-24 13:15:00+00', 817, 'Oak Street Lofts', 'Safety call at Oak Street Lofts: workers without hard hats near the crane zone. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'resolved', DEFAULT),
	('call_39514f1653a2e62237f7928f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-24 11:23:00+00', 485, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'follow_up', DEFAULT),
	('call_3c35ca5a0197179ae74def61', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-24 14:31:00+00', 1182, 'Cedar Ridge Parking Structure', 'Crane lift planning at Cedar Ridge Parking Structure: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'follow_up', DEFAULT),
	('call_b7efe737e244ba1162d31650', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-24 12:26:00+00', 167, 'Oak Street Lofts', 'Delivery of structural steel to Oak Street Lofts. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'follow_up', DEFAULT),
	('call_af020dbcc9023f3b32f0bbdc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-24 15:02:00+00', 868, 'Maple Grove Elementary', 'Plumbing rough-in inspection at Maple Grove Elementary. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'resolved', DEFAULT),
	('call_c7e3f0261c1853af6103dbc5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-24 11:43:00+00', 689, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'resolved', DEFAULT),
	('call_fdfbbd3cdf015d3f7c320f9b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-24 14:31:00+00', 237, 'Cedar Ridge Parking Structure', 'Delivery of HVAC units to Cedar Ridge Parking Structure. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'follow_up', DEFAULT),
	('call_80468fc373dc9571b4f4a9d1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-24 09:25:00+00', 284, 'Maple Grove Elementary', 'Delivery of drywall to Maple Grove Elementary. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'resolved', DEFAULT),
	('call_3c092cc00cdd03fc2030cc2d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-24 15:32:00+00', 1336, 'Oak Street Lofts', 'Schedule coordination for Oak Street Lofts with the owner''s representative. Agreed the sequence for next week and flagged a two-day slip risk.', 'positive', 'resolved', DEFAULT),
	('call_519ba4920b5caa1d7eb4fb06', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-26 16:06:00+00', 1029, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'follow_up', DEFAULT),
	('call_3d4a7a5e21610bdd59ba24d2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-26 15:45:00+00', 399, 'Oak Street Lofts', 'Concrete pour planning for the elevator core walls at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_07caac2d763819519de37efc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-27 12:30:00+00', 1027, 'Harbor Point Tower', 'Plumbing rough-in inspection at Harbor Point Tower. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'follow_up', DEFAULT),
	('call_39a5269e1470cec03a2115dc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-27 09:00:00+00', 462, 'Maple Grove Elementary', 'Delivery of rebar bundles to Maple Grove Elementary. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'follow_up', DEFAULT),
	('call_c7f44b8e21dafedf41124580', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-27 14:17:00+00', 1570, 'Cedar Ridge Parking Structure', 'Schedule coordination for Cedar Ridge Parking Structure with the electrical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'follow_up', DEFAULT),
	('call_e8fcc77df56a5d93045bc41a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-27 16:26:00+00', 528, 'Oak Street Lofts', 'Delivery of HVAC units to Oak Street Lofts. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'resolved', DEFAULT),
	('call_636876f6b788757bd0112293', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-27 07:44:00+00', 509, 'Oak Street Lofts', 'Delivery of structural steel to Oak Street Lofts. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'follow_up', DEFAULT),
	('call_3a7834034254d54f331a3da7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-27 12:06:00+00', 549, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: precast panel installation. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_e3ba1f34fc8ccb06c771b7ef', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-27 15:14:00+00', 728, 'Riverside Medical Center', 'Schedule coordination for Riverside Medical Center with the architect. Agreed the sequence for next week and flagged a two-day slip risk.', 'positive', 'resolved', DEFAULT),
	('call_f8560aa43d90d918486139bd', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-27 07:29:00+00', 850, 'Summit Logistics Hub', 'Concrete pour planning for the elevator core walls at Summit Logistics Hub. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_dce66f5d9c548ac2b95ffd6a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-27 13:06:00+00', 464, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'escalated', DEFAULT),
	('call_3add42a64539ad0d573e45c2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-27 12:19:00+00', 1051, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'follow_up', DEFAULT),
	('call_5666e3208a85a65dcfec61f3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-27 14:28:00+00', 1005, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_b2830d6febfdd4ce395f0f16', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-27 09:39:00+00', 487, 'Summit Logistics Hub', 'Delivery of windows to Summit Logistics Hub. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'resolved', DEFAULT),
	('call_3ae68558452bb4576ba5c510', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-27 08:11:00+00', 1330, 'Maple Grove Elementary', 'Schedule coordination for Maple Grove Elementary with the electrical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'neutral', 'follow_up', DEFAULT),
	('call_790a1094a928482c265e2523', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-28 16:22:00+00', 171, 'Riverside Medical Center', 'Delivery of roofing membrane to Riverside Medical Center. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'resolved', DEFAULT),
	('call_b51c50aa324504ff0d8e52bb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-28 16:31:00+00', 1112, 'Summit Logistics Hub', 'Plumbing rough-in inspection at Summit Logistics Hub. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'follow_up', DEFAULT),
	('call_68177f3586da86346b6d5978', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-28 09:04:00+00', 646, 'Riverside Medical Center', 'Safety call at Riverside Medical Center: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'follow_up', DEFAULT),
	('call_c826c6a4c5985f165c65fd99', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-28 10:55:00+00', 203, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: unsecured ladder at the scaffold. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'follow_up', DEFAULT),
	('call_c5b751754333cf2ed6ded07e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-28 12:24:00+00', 597, 'Maple Grove Elementary', 'Concrete pour planning for the ramp deck at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'resolved', DEFAULT),
	('call_e1a522d516d7ce5ec16b24ca', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-28 07:53:00+00', 583, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the east footings at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_d2ec5ffcea2df88cb3776ba2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-28 06:02:00+00', 993, 'Oak Street Lofts', 'Concrete pour planning for the loading dock slab at Oak Street Lofts. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_4648fdc0ee923500a3b121fa', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-28 12:29:00+00', 743, 'Harbor Point Tower', 'Concrete pour planning for the loading dock slab at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'positive', 'follow_up', DEFAULT),
	('call_ad7c78b358b68986b4530719', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-28 14:48:00+00', 886, 'Maple Grove Elementary', 'Concrete pour planning for the east footings at Maple Grove Elementary. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_0c76f3e3d002ec973401705b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-28 08:00:00+00', 671, 'Summit Logistics Hub', 'Crane lift planning at Summit Logistics Hub: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_fbac62e72798095b84b24b65', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-28 14:55:00+00', 725, 'Oak Street Lofts', 'Safety call at Oak Street Lofts: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'escalated', DEFAULT),
	('call_c8d16f578849823bd24562af', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-28 13:37:00+00', 896, 'Maple Grove Elementary', 'Crane lift planning at Maple Grove Elementary: steel beam picks for level 5. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'resolved', DEFAULT),
	('call_5d4b01c218a8bb8fe43e0b35', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-29 10:33:00+00', 946, 'Harbor Point Tower', 'Safety call at Harbor Point Tower: unsecured ladder at the scaffold. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'escalated', DEFAULT),
	('call_f8eb90f30e694b8665fd0691', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-29 13:44:00+00', 1510, 'Maple Grove Elementary', 'Schedule coordination for Maple Grove Elementary with the mechanical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'negative', 'resolved', DEFAULT),
	('call_c1ab35f57632e35bda9ace52', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-29 15:05:00+00', 470, 'Riverside Medical Center', 'Crane lift planning at Riverside Medical Center: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_493e313a204f5b015b92916b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-29 06:08:00+00', 586, 'Summit Logistics Hub', 'Concrete pour planning for the ramp deck at Summit Logistics Hub. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_6403bcc48517635ff2feb80f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-29 11:05:00+00', 280, 'Summit Logistics Hub', 'Concrete pour planning for the east footings at Summit Logistics Hub. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_e92ff11b8fd6d5c125c39179', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-29 12:19:00+00', 350, 'Harbor Point Tower', 'Delivery of structural steel to Harbor Point Tower. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'neutral', 'resolved', DEFAULT),
	('call_d22cce3532801dda0544b691', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-29 16:57:00+00', 1300, 'Summit Logistics Hub', 'Fire-stopping inspection at Summit Logistics Hub. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'positive', 'follow_up', DEFAULT),
	('call_62829708c9d328a355a37c33', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-29 13:24:00+00', 563, 'Summit Logistics Hub', 'Safety call at Summit Logistics Hub: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'negative', 'resolved', DEFAULT),
	('call_e437a7e08abb75401725006a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-29 11:57:00+00', 646, 'Riverside Medical Center', 'Concrete pour planning for the elevator core walls at Riverside Medical Center. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_e93e2dd36049d541e6c95ec4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-29 16:47:00+00', 743, 'Cedar Ridge Parking Structure', 'Schedule coordination for Cedar Ridge Parking Structure with the electrical subcontractor. Agreed the sequence for next week and flagged a two-day slip risk.', 'negative', 'resolved', DEFAULT),
	('call_b7d3dd1bf185f3f54598b0d2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-29 16:50:00+00', 1179, 'Cedar Ridge Parking Structure', 'Crane lift planning at Cedar Ridge Parking Structure: rooftop HVAC lift. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'neutral', 'follow_up', DEFAULT),
	('call_3c84ec2d2f8293b97a4f5f98', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-30 14:58:00+00', 423, 'Maple Grove Elementary', 'Delivery of HVAC units to Maple Grove Elementary. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'negative', 'follow_up', DEFAULT),
	('call_dfee9a77320c3c9f1a2d966a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-30 13:22:00+00', 770, 'Oak Street Lofts', 'Safety call at Oak Street Lofts: near miss with a reversing excavator. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'escalated', DEFAULT),
	('call_3dd7cffc07d62149e6635575', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-30 12:26:00+00', 814, 'Cedar Ridge Parking Structure', 'Concrete pour planning for the east footings at Cedar Ridge Parking Structure. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT),
	('call_a53a55bdf46cc1284cde99d8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-30 06:47:00+00', 555, 'Harbor Point Tower', 'Concrete pour planning for the east footings at Harbor Point Tower. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'follow_up', DEFAULT),
	('call_88bbf66362c0b638a1894e7d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-30 14:21:00+00', 1220, 'Oak Street Lofts', 'Rebar inspection at Oak Street Lofts. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.', 'neutral', 'resolved', DEFAULT),
	('call_cd7ab7056c1de359a07bf949', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-30 08:53:00+00', 461, 'Cedar Ridge Parking Structure', 'Safety call at Cedar Ridge Parking Structure: missing guardrail on the level 4 edge. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.', 'neutral', 'resolved', DEFAULT),
	('call_bfa89d45ad2003ab499387a6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-05-01 07:40:00+00', 402, 'Riverside Medical Center', 'Delivery of rebar bundles to Riverside Medical Center. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.', 'positive', 'follow_up', DEFAULT),
	('call_88ac498a62e6c2b4f59bec20', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-05-01 11:22:00+00', 349, 'Cedar Ridge Parking Structure', 'Crane lift planning at Cedar Ridge Parking Structure: generator set placement. Reviewed the lift plan, the rigging and the wind limits with the operator.', 'positive', 'follow_up', DEFAULT),
	('call_c8cf753258dae2a10858e151', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-05-01 10:32:00+00', 308, 'Summit Logistics Hub', 'Concrete pour planning for the level 3 slab at Summit Logistics Hub. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.', 'neutral', 'resolved', DEFAULT);


--
-- Data for Name: copilot_tallies; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.copilot_tallies VALUES
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Admin', 'true', 'true', 3, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Supervisor', 'true', 'true', 4, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Field Worker', 'true', 'false', 7, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Field Worker', 'false', 'true', 1, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Field Worker', 'true', 'true', 6, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Field Worker', 'false', 'false', 1, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'members', NULL, 'Project Manager', 'true', 'true', 2, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-01-28', 'active', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-27', 'past_due', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-03-19', 'active', 'pro', 'true', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2025-11-26', 'active', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2025-11-06', 'active', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-03-29', 'past_due', 'lite', 'false', 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-05', 'active', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2025-12-25', 'active', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-17', 'trialing', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-01-30', 'canceled', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-26', 'trialing', 'lite', 'false', 3, 14997),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-19', 'active', 'lite', 'false', 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-21', 'trialing', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-02-21', 'active', 'lite', 'false', 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'subscriptions', '2026-04-23', 'trialing', 'pro', 'false', 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-29', 'paid', 'lite', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-28', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-02-06', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-06', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2025-11-06', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-26', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2025-12-06', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-02-26', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-25', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2025-11-26', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-05', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-19', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-21', 'paid', 'lite', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-19', 'paid', 'lite', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-01-26', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-02-21', 'paid', 'lite', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-30', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-01-25', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-01-28', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2025-12-26', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-02-28', 'paid', 'pro', NULL, 2, 25998),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-27', 'open', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-28', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-25', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-29', 'open', 'lite', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-19', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-02-25', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-01-06', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2025-12-25', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-04-26', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-01-30', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-06', 'paid', 'pro', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'invoices', '2026-03-21', 'paid', 'lite', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-23', 'subscription_created', 'pending', NULL, 1, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-30', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-26', 'subscription_created', 'pending', NULL, 3, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-25', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-21', 'payment_succeeded', 'succeeded', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-30', 'subscription_canceled', 'succeeded', NULL, 1, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-29', 'payment_failed', 'failed', NULL, 2, 9998),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-27', 'payment_failed', 'failed', NULL, 2, 25998),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-02-26', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-12-06', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-27', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-21', 'subscription_created', 'pending', NULL, 1, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-26', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-19', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-11-26', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-02-25', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-06', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-12-26', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-11-26', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-02-21', 'subscription_created', 'succeeded', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-28', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-25', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-26', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-25', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-30', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-06', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-19', 'subscription_created', 'succeeded', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-05', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-19', 'payment_succeeded', 'succeeded', NULL, 2, 17998),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-19', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-17', 'subscription_created', 'pending', NULL, 1, 0),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-28', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-05', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-29', 'subscription_created', 'succeeded', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-28', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-11-06', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-11-06', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-28', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-12-25', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-21', 'payment_succeeded', 'succeeded', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-04-26', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-06', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-03-29', 'payment_succeeded', 'succeeded', NULL, 1, 4999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-02-28', 'payment_succeeded', 'succeeded', NULL, 2, 25998),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-01-30', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2025-12-25', 'subscription_created', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-02-06', 'payment_succeeded', 'succeeded', NULL, 1, 12999),
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'transactions', '2026-02-21', 'payment_succeeded', 'succeeded', NULL, 1, 4999);


--
-- Data for Name: invoices; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invoices VALUES
	('in_e2393a5a2ac8c93d4be2d945', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'admin@hardline.test', '49D691A6-0001', 'paid', 'pro', 12999, 12999, true, true, '2025-11-26 12:00:00+00'),
	('in_edf5583723876f94a330c6db', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'admin@hardline.test', '49D691A6-0002', 'paid', 'pro', 12999, 12999, true, true, '2025-12-26 12:00:00+00'),
	('in_96fcb2e48123e501bf342f71', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'admin@hardline.test', '49D691A6-0003', 'paid', 'pro', 12999, 12999, true, true, '2026-01-26 12:00:00+00'),
	('in_95365a02207260a462dbf186', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'admin@hardline.test', '49D691A6-0004', 'paid', 'pro', 12999, 12999, true, true, '2026-02-26 12:00:00+00'),
	('in_958420b43b9c6737ea26bf4c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'admin@hardline.test', '49D691A6-0005', 'paid', 'pro', 12999, 12999, true, true, '2026-03-26 12:00:00+00'),
	('in_34338f5d612a05f4097376e6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'admin@hardline.test', '49D691A6-0006', 'paid', 'pro', 12999, 12999, true, true, '2026-04-26 12:00:00+00'),
	('in_3febb513bec06bb4759e8c8d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'firsttime@hardline.test', '3DF1514B-0001', 'paid', 'lite', 4999, 4999, true, true, '2026-02-21 12:00:00+00'),
	('in_f7ab9f90c9905e6ce49a0c03', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'firsttime@hardline.test', '3DF1514B-0002', 'paid', 'lite', 4999, 4999, true, true, '2026-03-21 12:00:00+00'),
	('in_39eb8192cdeef213991feb8d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'firsttime@hardline.test', '3DF1514B-0003', 'paid', 'lite', 4999, 4999, true, true, '2026-04-21 12:00:00+00'),
	('in_9d4da5a77147df90633eccb4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'Cynthia Mitchell', 'cynthia.mitchell@summitbuilders.com', '278F1A05-0001', 'paid', 'pro', 12999, 12999, true, true, '2026-03-19 12:00:00+00'),
	('in_a2c1c7d4bcb7e89a7f1ff0a1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'Cynthia Mitchell', 'cynthia.mitchell@summitbuilders.com', '278F1A05-0002', 'paid', 'pro', 12999, 12999, true, true, '2026-04-19 12:00:00+00'),
	('in_83c91f22570d8936891695f1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'olga.rivera@summitbuilders.com', '5E734196-0001', 'paid', 'pro', 12999, 12999, false, true, '2026-01-28 12:00:00+00'),
	('in_bb8079031242d0871f32084a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'olga.rivera@summitbuilders.com', '5E734196-0002', 'paid', 'pro', 12999, 12999, true, false, '2026-02-28 12:00:00+00'),
	('in_bf20c6fa57a54f54f6997f0d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'olga.rivera@summitbuilders.com', '5E734196-0003', 'paid', 'pro', 12999, 12999, true, true, '2026-03-28 12:00:00+00'),
	('in_d0cc454c4788e86747a49ec9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'olga.rivera@summitbuilders.com', '5E734196-0004', 'paid', 'pro', 12999, 12999, false, false, '2026-04-28 12:00:00+00'),
	('in_14ac52d30ec88607f2972643', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'Kwame Hall', 'kwame.hall@summitbuilders.com', '97B14235-0001', 'paid', 'lite', 4999, 4999, true, true, '2026-03-29 12:00:00+00'),
	('in_7e0b8bb4768cf30b3346b2c7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'Kwame Hall', 'kwame.hall@summitbuilders.com', '97B14235-0002', 'open', 'lite', 4999, 0, true, true, '2026-04-29 12:00:00+00'),
	('in_039277749f817b97cca0f79b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'laura.lopez@summitbuilders.com', 'EC64E417-0001', 'paid', 'pro', 12999, 12999, true, true, '2026-01-30 12:00:00+00'),
	('in_122e6939fc0cffb90f1d1411', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'laura.lopez@summitbuilders.com', 'EC64E417-0002', 'paid', 'pro', 12999, 12999, true, true, '2026-02-28 12:00:00+00'),
	('in_c4c272e13cce9f87e950beb7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'laura.lopez@summitbuilders.com', 'EC64E417-0003', 'paid', 'pro', 12999, 12999, true, true, '2026-03-30 12:00:00+00'),
	('in_af18953fbf701ab61f097117', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'wei.garcia@summitbuilders.com', 'FB46BE43-0001', 'paid', 'pro', 12999, 12999, true, false, '2025-12-25 12:00:00+00'),
	('in_03eaf17092cbf34592242b1e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'wei.garcia@summitbuilders.com', 'FB46BE43-0002', 'paid', 'pro', 12999, 12999, true, true, '2026-01-25 12:00:00+00'),
	('in_755ea12138658bc080707609', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'wei.garcia@summitbuilders.com', 'FB46BE43-0003', 'paid', 'pro', 12999, 12999, true, true, '2026-02-25 12:00:00+00'),
	('in_2f236b498e3c858164f8224e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'wei.garcia@summitbuilders.com', 'FB46BE43-0004', 'paid', 'pro', 12999, 12999, true, true, '2026-03-25 12:00:00+00'),
	('in_c4fdfc48808124d1bae1d8f1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'wei.garcia@summitbuilders.com', 'FB46BE43-0005', 'paid', 'pro', 12999, 12999, true, true, '2026-04-25 12:00:00+00'),
	('in_249742eef11726a64c073bbc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'mark.singh@summitbuilders.com', 'A487A534-0001', 'paid', 'pro', 12999, 12999, true, true, '2025-11-06 12:00:00+00'),
	('in_5826149a61e28a9049c59079', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'mark.singh@summitbuilders.com', 'A487A534-0002', 'paid', 'pro', 12999, 12999, true, true, '2025-12-06 12:00:00+00'),
	('in_146330a1a4d2e8b074c0e39d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'mark.singh@summitbuilders.com', 'A487A534-0003', 'paid', 'pro', 12999, 12999, true, true, '2026-01-06 12:00:00+00'),
	('in_541f6c579bd5c4f681d67ab3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'mark.singh@summitbuilders.com', 'A487A534-0004', 'paid', 'pro', 12999, 12999, true, true, '2026-02-06 12:00:00+00'),
	('in_d916f26337ee4cbd1d2ec56f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'mark.singh@summitbuilders.com', 'A487A534-0005', 'paid', 'pro', 12999, 12999, true, true, '2026-03-06 12:00:00+00'),
	('in_b3ab2ee41317a89e6d867b9e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'mark.singh@summitbuilders.com', 'A487A534-0006', 'paid', 'pro', 12999, 12999, true, true, '2026-04-06 12:00:00+00'),
	('in_c41a505e4d34d7d918f147dd', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'Gary Lopez', 'gary.lopez@summitbuilders.com', '22803D65-0001', 'open', 'pro', 12999, 0, true, true, '2026-04-27 12:00:00+00'),
	('in_8aff39033c8c2925fdd87226', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', 'Nancy Hernandez', 'nancy.hernandez@summitbuilders.com', '299BE6D2-0001', 'paid', 'pro', 12999, 12999, true, true, '2026-04-05 12:00:00+00'),
	('in_342d594ac53eb226d7246d14', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', 'Steven Taylor', 'steven.taylor@summitbuilders.com', '8D35ED49-0001', 'paid', 'lite', 4999, 4999, true, true, '2026-04-19 12:00:00+00');


--
-- Data for Name: member_export_tickets; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: members; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.members VALUES
	('4200335b-27ec-4b63-839b-651284b6077c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'seed-firsttime-sub', 'Sam Ortega', 'firsttime@hardline.test', '+14155550124', 'Field Worker', true, false, false, '2026-04-29 12:00:00+00', NULL, NULL, 1, NULL, NULL, DEFAULT, DEFAULT),
	('2796c04c-4a7b-4759-8c43-44aac30a278c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Ashley Lee', 'ashley.lee@summitbuilders.com', '+19493511436', 'Field Worker', false, true, false, '2024-05-17 08:26:36.397+00', NULL, '2026-03-09 19:59:50.577+00', 1, '2026-03-09 19:59:50.577+00', NULL, DEFAULT, DEFAULT),
	('6ce17dc7-052a-4307-968e-2157c49cafe7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Cynthia Mitchell', 'cynthia.mitchell@summitbuilders.com', '+15033383569', 'Admin', true, true, true, '2024-06-27 04:37:39.964+00', NULL, '2026-04-29 02:25:51.592+00', 1, '2026-04-29 02:25:51.592+00', NULL, DEFAULT, DEFAULT),
	('30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Raj Roberts', 'raj.roberts@summitbuilders.com', '+19499203224', 'Supervisor', true, true, false, '2025-08-14 05:41:17.387+00', NULL, '2026-04-23 12:03:27.74+00', 1, '2026-04-23 12:03:27.74+00', NULL, DEFAULT, DEFAULT),
	('981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Olga Rivera', 'olga.rivera@summitbuilders.com', '+12069578379', 'Project Manager', true, true, false, '2025-04-09 00:03:44.532+00', NULL, '2026-03-09 00:51:59.512+00', 1, '2026-03-09 00:51:59.512+00', NULL, DEFAULT, DEFAULT),
	('bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Steven Kowalski', 'steven.kowalski@summitbuilders.com', '+12065396423', 'Field Worker', false, true, false, '2024-05-17 18:44:08.765+00', NULL, '2026-03-13 02:39:01.222+00', 1, '2026-03-13 02:39:01.222+00', NULL, DEFAULT, DEFAULT),
	('a6648147-ce0f-41c5-8fd8-9b71d483fba3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Kwame Hall', 'kwame.hall@summitbuilders.com', '+19724209862', 'Field Worker', true, true, false, '2025-02-20 12:12:23.529+00', NULL, '2026-03-02 19:24:02.472+00', 1, '2026-03-02 19:24:02.472+00', NULL, DEFAULT, DEFAULT),
	('9bfbbced-bc88-42e9-8494-593f7d3d8223', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Laura Lopez', 'laura.lopez@summitbuilders.com', '+17027199902', 'Field Worker', false, true, false, '2024-09-13 18:03:45.698+00', NULL, '2026-03-18 08:16:34.349+00', 1, '2026-03-18 08:16:34.349+00', NULL, DEFAULT, DEFAULT),
	('2bbc3a53-00d2-4039-8c53-bd68062bc612', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Aisha Wilson', 'aisha.wilson@summitbuilders.com', '+19175464775', 'Field Worker', false, true, false, '2025-04-12 14:21:41.843+00', NULL, '2026-04-16 11:05:21.275+00', 1, '2026-04-16 11:05:21.275+00', NULL, DEFAULT, DEFAULT),
	('ccd44977-87ad-49cd-ac5e-cdca6983adc8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Michael Gonzalez', 'michael.gonzalez@summitbuilders.com', '+14158247107', 'Field Worker', true, true, false, '2024-11-12 12:39:53.668+00', NULL, '2026-04-09 21:34:37.839+00', 1, '2026-04-09 21:34:37.839+00', NULL, DEFAULT, DEFAULT),
	('40574c86-5c85-423f-9a1a-5be2d48efd0c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Wei Garcia', 'wei.garcia@summitbuilders.com', '+19724829203', 'Field Worker', false, false, false, '2024-09-03 17:48:35.998+00', NULL, NULL, 1, NULL, NULL, DEFAULT, DEFAULT),
	('6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Brian White', 'brian.white@summitbuilders.com', '+13038634956', 'Field Worker', false, true, false, '2024-07-24 11:14:53.219+00', NULL, '2026-03-03 08:06:09.058+00', 1, '2026-03-03 08:06:09.058+00', NULL, DEFAULT, DEFAULT),
	('514250e9-4277-44cd-b141-804cb8695283', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Emily Nelson', 'emily.nelson@summitbuilders.com', '+18017779646', 'Project Manager', true, true, false, '2025-09-27 18:42:30.774+00', NULL, '2026-03-21 11:48:58.038+00', 1, '2026-03-21 11:48:58.038+00', NULL, DEFAULT, DEFAULT),
	('b9bbf042-9f1a-4ecb-b81c-ef6b459c5bbb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Fatima Thomas', 'fatima.thomas@summitbuilders.com', '+16027996237', 'Admin', true, true, true, '2025-04-03 01:18:04.304+00', NULL, '2026-03-19 16:28:37.762+00', 1, '2026-03-19 16:28:37.762+00', NULL, DEFAULT, DEFAULT),
	('861c28d7-648b-41cb-a8f9-87b2db75bc48', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Trevor Allen', 'trevor.allen@summitbuilders.com', '+19492812869', 'Field Worker', true, true, false, '2024-07-21 06:51:28.119+00', NULL, '2026-04-22 07:15:17.044+00', 1, '2026-04-22 07:15:17.044+00', NULL, DEFAULT, DEFAULT),
	('2ae00571-c0ab-46a4-bac2-abfc15202968', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Ryan Schmidt', 'ryan.schmidt@summitbuilders.com', '+14048650026', 'Supervisor', true, true, false, '2025-08-30 02:38:45.346+00', NULL, '2026-03-04 07:44:54.77+00', 1, '2026-03-04 07:44:54.77+00', NULL, DEFAULT, DEFAULT),
	('ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Mark Singh', 'mark.singh@summitbuilders.com', '+16022683812', 'Supervisor', true, true, false, '2025-06-08 10:56:19.732+00', NULL, '2026-04-26 13:22:49.63+00', 1, '2026-04-26 13:22:49.63+00', NULL, DEFAULT, DEFAULT),
	('e497563c-4829-4c52-9700-4d47a4f48568', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Gary Lopez', 'gary.lopez@summitbuilders.com', '+12133447171', 'Supervisor', true, true, false, '2024-12-11 14:53:25.33+00', NULL, '2026-04-29 06:47:44.983+00', 1, '2026-04-29 06:47:44.983+00', NULL, DEFAULT, DEFAULT),
	('bdbc4898-2ba3-4db6-bd26-f4463462b83d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Brianna Carter', 'brianna.carter@summitbuilders.com', '+12068151622', 'Field Worker', true, true, false, '2026-03-10 07:16:29.25+00', NULL, '2026-04-09 05:43:53.064+00', 1, '2026-04-09 05:43:53.064+00', NULL, DEFAULT, DEFAULT),
	('b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Hannah Schmidt', 'hannah.schmidt@summitbuilders.com', '+12122595952', 'Field Worker', false, true, false, '2024-12-02 14:59:00.651+00', NULL, '2026-03-31 09:57:54.626+00', 1, '2026-03-31 09:57:54.626+00', NULL, DEFAULT, DEFAULT),
	('dd612c36-a33a-4f53-93ba-1559b023c3d5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Nancy Hernandez', 'nancy.hernandez@summitbuilders.com', '+15038107076', 'Field Worker', false, true, false, '2024-09-28 13:35:28.67+00', NULL, '2026-03-10 12:54:45.006+00', 1, '2026-03-10 12:54:45.006+00', NULL, DEFAULT, DEFAULT),
	('84fe3a44-70ad-40d7-8446-4513d0c6dba0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Steven Taylor', 'steven.taylor@summitbuilders.com', '+16193917379', 'Field Worker', true, true, false, '2024-12-24 04:46:32.783+00', NULL, '2026-03-19 19:53:59.411+00', 1, '2026-03-19 19:53:59.411+00', NULL, DEFAULT, DEFAULT),
	('f9c417b3-1020-43de-833c-b9c372529a51', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', NULL, 'Jonathan Baker', 'jonathan.baker@summitbuilders.com', '+16027483163', 'Field Worker', true, true, false, '2024-06-09 18:13:28.824+00', NULL, '2026-03-31 18:57:01.07+00', 1, '2026-03-31 18:57:01.07+00', NULL, DEFAULT, DEFAULT),
	('67d044f4-775b-4595-ad6b-bcab8da6bf2d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'seed-admin-sub', 'Dana Whitfield', 'admin@hardline.test', '+14155550123', 'Admin', true, true, true, '2024-04-30 12:00:00+00', '+14155550100', '2026-04-30 12:00:00+00', 2, '2026-04-30 12:00:00+00', NULL, DEFAULT, DEFAULT);


--
-- Data for Name: organizations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.organizations VALUES
	('02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'Summit Builders', '2024-04-21 12:00:00+00');


--
-- Data for Name: payment_method_sessions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: payment_methods; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payment_methods VALUES
	('pm_bc84d671ed5935932222f8a7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'visa', '4242', 12, 2028, true, '2025-11-26 12:00:00+00'),
	('pm_635f10f44070de4353aaf46b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'visa', '4242', 12, 2029, true, '2026-02-21 12:00:00+00'),
	('pm_f27f0bd471f25232e3beebb6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'mastercard', '4444', 8, 2028, true, '2026-03-19 12:00:00+00'),
	('pm_4adc9d260ad651cda360d11e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'visa', '4242', 12, 2029, true, '2026-01-28 12:00:00+00'),
	('pm_2876ecb926f1bc017df5c5c3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'amex', '0005', 3, 2027, false, '2026-01-29 12:00:00+00'),
	('pm_8c8ae86c6ce698b33c346e73', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'visa', '0341', 1, 2027, true, '2026-03-29 12:00:00+00'),
	('pm_ecdbdf8598588d926af16ac0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'visa', '4242', 12, 2029, true, '2026-01-30 12:00:00+00'),
	('pm_fab9f564c5b315ae1b2ce533', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', 'mastercard', '4534', 9, 2030, true, '2026-04-26 14:00:00+00'),
	('pm_b7020e4c3606a835fbc754c2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'visa', '1511', 4, 2029, true, '2026-04-27 12:00:00+00'),
	('pm_550c0deea68d494bd02e8201', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'visa', '7142', 1, 2030, false, '2026-04-28 12:00:00+00'),
	('pm_c2f35fb6def381c60a578233', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', 'amex', '5395', 9, 2028, true, '2026-04-23 01:00:00+00'),
	('pm_9f9d34382c8c6944f70f0771', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', 'mastercard', '7297', 11, 2027, true, '2026-04-05 12:00:00+00'),
	('pm_33bc0f4bbfdf7a93173759dc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', 'visa', '2072', 5, 2028, false, '2026-04-06 12:00:00+00'),
	('pm_3b5a197f29bd16ecd8bd435b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', 'visa', '4385', 10, 2030, true, '2026-04-19 12:00:00+00');


--
-- Data for Name: setup_intents; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriptions VALUES
	('sub_b173452fcea572cd8a8e7001', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'pro', 'active', '2026-04-26 12:00:00+00', '2026-05-26 12:00:00+00', false, NULL, NULL, '2025-11-26 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_cd85d815630a87a372fa021e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'lite', 'active', '2026-04-21 12:00:00+00', '2026-05-21 12:00:00+00', false, NULL, NULL, '2026-02-21 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_4146c76486c9108629eb147c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', 'lite', 'trialing', '2026-04-26 18:00:00+00', '2026-05-10 18:00:00+00', false, NULL, NULL, '2026-04-26 18:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_0b0c9be898eb41b68efd13c0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'pro', 'active', '2026-04-19 12:00:00+00', '2026-05-19 12:00:00+00', true, 'Project wrapped up', NULL, '2026-03-19 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_c62f81e261145fc1ad49c7bb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'pro', 'active', '2026-04-28 12:00:00+00', '2026-05-28 12:00:00+00', false, NULL, NULL, '2026-01-28 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_54e5525ef8c1d25c69966d7f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', 'pro', 'trialing', '2026-04-17 17:00:00+00', '2026-05-01 17:00:00+00', false, NULL, NULL, '2026-04-17 17:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_77fe2bcedf5f0755dfc6be46', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'lite', 'past_due', '2026-04-29 12:00:00+00', '2026-05-29 12:00:00+00', false, NULL, NULL, '2026-03-29 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_1b2b764cb293f5dee04d3c72', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'pro', 'canceled', '2026-03-30 12:00:00+00', '2026-04-30 12:00:00+00', false, 'Crew moved to another contractor', '2026-04-30 12:00:00+00', '2026-01-30 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_bd07099d7e3b76d8afe40d9a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'pro', 'active', '2026-04-25 12:00:00+00', '2026-05-25 12:00:00+00', false, NULL, NULL, '2025-12-25 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_d9bfafa71f72a1a37220bb51', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', 'lite', 'trialing', '2026-04-26 14:00:00+00', '2026-05-10 14:00:00+00', false, NULL, NULL, '2026-04-26 14:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_c7412e920832ffb4a77dad60', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b9bbf042-9f1a-4ecb-b81c-ef6b459c5bbb', 'lite', 'trialing', '2026-04-26 01:00:00+00', '2026-05-10 01:00:00+00', false, NULL, NULL, '2026-04-26 01:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_eadc8c2a0bd77b209c5e79f2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'pro', 'active', '2026-04-06 12:00:00+00', '2026-05-06 12:00:00+00', false, NULL, NULL, '2025-11-06 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_545c9d0a168d788297aaa33b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'pro', 'past_due', '2026-04-27 12:00:00+00', '2026-05-27 12:00:00+00', false, NULL, NULL, '2026-04-27 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_fea334dc8eb7e42d7e193ca0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', 'pro', 'trialing', '2026-04-23 01:00:00+00', '2026-05-07 01:00:00+00', false, NULL, NULL, '2026-04-23 01:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_9fa9f3107c42674edcccc0dc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', 'pro', 'trialing', '2026-04-21 03:00:00+00', '2026-05-05 03:00:00+00', false, NULL, NULL, '2026-04-21 03:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_a29ac30d046c9e8595fbfba2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', 'pro', 'active', '2026-04-05 12:00:00+00', '2026-05-05 12:00:00+00', false, NULL, NULL, '2026-04-05 12:00:00+00', '2026-11-28 17:45:50.807082+00'),
	('sub_521112c14a1d13b564960764', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', 'lite', 'active', '2026-04-19 12:00:00+00', '2026-05-19 12:00:00+00', false, NULL, NULL, '2026-04-19 12:00:00+00', '2026-11-28 17:45:50.807082+00');


--
-- Data for Name: tasks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tasks VALUES
	('task_d9c2cdcd8b14b470aa79cd4a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_24b501ad5d3f3cb5550f17f6', 'Close the sidewalk for the crane lift — Maple Grove Elementary', 'done', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-09', '2026-04-04 15:14:54+00', '2026-04-10 23:16:44.635+00', DEFAULT),
	('task_91e07a8b098f678f8e9de5c1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fb6f269443fc56b05746fa08', 'Schedule cylinder testing with the lab — Oak Street Lofts', 'done', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-10', '2026-04-04 09:21:40+00', '2026-04-11 22:54:51.15+00', DEFAULT),
	('task_a7ec1b6c0143080bcc255106', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fb6f269443fc56b05746fa08', 'Order curing blankets for the pour — Oak Street Lofts', 'done', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-07', '2026-04-04 09:21:40+00', '2026-04-05 19:04:03.595+00', DEFAULT),
	('task_067b2f1a4c3a3a969489266a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_64c82d69cd8ad32262c1ae48', 'Hold a toolbox talk on fall protection — Cedar Ridge Parking Structure', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-08', '2026-04-06 11:12:23+00', '2026-04-08 04:57:22.908+00', DEFAULT),
	('task_5e893a2679629ed3140eeffa', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_2294c5a9ed32aabcc6cbbcaf', 'Replace the damaged guardrail — Cedar Ridge Parking Structure', 'done', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-13', '2026-04-06 09:36:08+00', '2026-04-06 21:02:49.344+00', DEFAULT),
	('task_211046c218af09d886d33df7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3db39a19fe7b1b9cb5c297e5', 'Submit the critical lift plan for approval — Oak Street Lofts', 'done', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-08', '2026-04-06 08:56:32+00', '2026-04-08 20:30:38.503+00', DEFAULT),
	('task_7364ecf9b4d1385629b64380', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fb827f14db003fb84c5089f2', 'Confirm ready-mix delivery window with the supplier — Riverside Medical Center', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-13', '2026-04-06 10:11:56+00', '2026-04-13 11:57:49.294+00', DEFAULT),
	('task_fb46c19eefe1c66a2682a30e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fb827f14db003fb84c5089f2', 'Schedule cylinder testing with the lab — Riverside Medical Center', 'done', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-12', '2026-04-06 10:11:56+00', '2026-04-06 21:36:49.881+00', DEFAULT),
	('task_5ab424e2a0a28474373a6fd6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3dc67c3b34d026754942a8f6', 'Submit the critical lift plan for approval — Riverside Medical Center', 'done', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-11', '2026-04-06 06:26:41+00', '2026-04-12 08:23:37.742+00', DEFAULT),
	('task_6bb4a41cdaa55161a820b2f9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9576270ea7a36802d49e6d8f', 'Replace the damaged guardrail — Oak Street Lofts', 'done', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-10', '2026-04-06 07:49:29+00', '2026-04-06 18:09:00.236+00', DEFAULT),
	('task_d8ef18afc2decdfaa7891ab8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9576270ea7a36802d49e6d8f', 'Inspect the scaffold tags — Oak Street Lofts', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-08', '2026-04-06 07:49:29+00', '2026-04-06 08:24:24.515+00', DEFAULT),
	('task_d1e4557b73c3d44861902791', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6d853ebd3eb8ebe413448d8c', 'Replace the damaged guardrail — Cedar Ridge Parking Structure', 'done', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-09', '2026-04-07 17:02:31+00', '2026-04-10 22:33:35.853+00', DEFAULT),
	('task_6aca85ca1b6fe4a69a930e02', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_8f4f48969261c1fb94b01945', 'Replace the damaged guardrail — Oak Street Lofts', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-14', '2026-04-07 13:25:51+00', '2026-04-16 12:21:30.127+00', DEFAULT),
	('task_1fee2080fcaf5894a41b9808', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_45441a6ca131a8ffcd12e2e5', 'File the near-miss safety report — Harbor Point Tower', 'done', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-10', '2026-04-07 14:58:42+00', '2026-04-09 11:26:30.003+00', DEFAULT),
	('task_6d4ad14ba815acc52a933ab8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6ea2ac9e6fe2f00048109d6a', 'Hold a toolbox talk on fall protection — Summit Logistics Hub', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-09', '2026-04-07 16:52:20+00', '2026-04-10 18:52:13.307+00', DEFAULT),
	('task_f77eb627a12131c5a13357c4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3ab34972512591f70abf2645', 'Book the concrete pump truck — Harbor Point Tower', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-11', '2026-04-07 16:35:41+00', '2026-04-08 11:10:17.682+00', DEFAULT),
	('task_a40957426446434ff2b4d6fe', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_cf3b7cfb409682130e435357', 'Schedule cylinder testing with the lab — Harbor Point Tower', 'done', NULL, '2026-04-14', '2026-04-08 07:37:10+00', '2026-04-16 05:58:22.867+00', DEFAULT),
	('task_98c86df1f548e7ed7c9e59e1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f581fdc7894fb8477bd8b0c6', 'Confirm the rigging inspection — Oak Street Lofts', 'done', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-15', '2026-04-08 14:39:31+00', '2026-04-16 19:44:58.919+00', DEFAULT),
	('task_fbd26340c3a31b401199d3fd', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_94b36d30fe8cd0339bdfaf59', 'Clear the laydown area before the delivery — Oak Street Lofts', 'open', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-12', '2026-04-08 11:01:34+00', NULL, DEFAULT),
	('task_58b9d8d83ee1a42e4af830ab', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_94dfbe68933786c5bd6c668f', 'Clear the laydown area before the delivery — Cedar Ridge Parking Structure', 'done', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-11', '2026-04-08 13:41:29+00', '2026-04-11 16:29:15.382+00', DEFAULT),
	('task_55408c2a5f7ea640bcc57c96', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_94dfbe68933786c5bd6c668f', 'Reschedule the delivery with the supplier — Cedar Ridge Parking Structure', 'done', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-11', '2026-04-08 13:41:29+00', '2026-04-11 07:17:59.537+00', DEFAULT),
	('task_5cef1f637af105f74df3ae70', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_58ca61d19dd1d95880a0b9bc', 'Submit the RFI for the ceiling conflict — Summit Logistics Hub', 'done', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-15', '2026-04-08 13:51:23+00', '2026-04-12 01:12:06.744+00', DEFAULT),
	('task_4c91a992c34dd12a4b832923', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_d22aa8d4eea1253e7408ea10', 'Close the sidewalk for the crane lift — Harbor Point Tower', 'done', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-14', '2026-04-08 14:26:25+00', '2026-04-15 04:39:24.031+00', DEFAULT),
	('task_7d0e6f405262b9b4a2288673', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_2ba65d36dd6aa00bd886821f', 'Fix inspection corrections and photograph them — Riverside Medical Center', 'done', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-12', '2026-04-09 09:12:34+00', '2026-04-14 05:08:44.017+00', DEFAULT),
	('task_b3b6deff0bbf2bdda20e2159', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_65bf1da846b04ebf2db708fc', 'Replace the damaged guardrail — Summit Logistics Hub', 'done', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-11', '2026-04-09 11:54:28+00', '2026-04-09 20:36:00.473+00', DEFAULT),
	('task_8d095d9ced47753e4b23810a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_08d2df4747aa8f8122e78b98', 'Close the sidewalk for the crane lift — Summit Logistics Hub', 'open', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-12', '2026-04-09 10:59:47+00', NULL, DEFAULT),
	('task_5e525c05f09cc8f28ddefd7c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c64cf0503dac2cb2ae45ef2a', 'Update the inspection log — Harbor Point Tower', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-16', '2026-04-09 17:04:05+00', '2026-04-17 19:41:58.414+00', DEFAULT),
	('task_2a84b45b56bbfc88c8ac12bd', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_34ee3f714e240c989045928a', 'Submit the critical lift plan for approval — Summit Logistics Hub', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-10', '2026-04-09 06:56:48+00', '2026-04-11 21:37:13.508+00', DEFAULT),
	('task_b509a6e24a68e71b9dd49d4f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9228e8ffa6ad115959787d58', 'Check the delivered quantities against the purchase order — Cedar Ridge Parking Structure', 'done', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-15', '2026-04-09 10:51:14+00', '2026-04-13 07:27:40.534+00', DEFAULT),
	('task_a8f92fba7c567ec75fc5ce31', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fcc34b42d69acb4052e8ce91', 'Submit the RFI for the ceiling conflict — Summit Logistics Hub', 'done', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-13', '2026-04-09 16:32:10+00', '2026-04-14 11:36:49.071+00', DEFAULT),
	('task_ddaf80cc167091a44a947dde', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fcc34b42d69acb4052e8ce91', 'Review the change order pricing — Summit Logistics Hub', 'open', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-15', '2026-04-09 16:32:10+00', NULL, DEFAULT),
	('task_4062e9e8beea9a231c5b830b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_51ff698b0c2c0bd99ad2ff04', 'Clear the laydown area before the delivery — Harbor Point Tower', 'done', NULL, '2026-04-13', '2026-04-09 12:54:38+00', '2026-04-10 11:33:17.045+00', DEFAULT),
	('task_a422f3e30701f0feff79b8b7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9cfed1449e50642a7379e162', 'Request re-inspection from the city — Harbor Point Tower', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-16', '2026-04-10 14:59:02+00', '2026-04-11 02:16:16.491+00', DEFAULT),
	('task_6e6b06780c726fad791e2860', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_bdb723a31adc335fab2d61f1', 'Hold a toolbox talk on fall protection — Riverside Medical Center', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-11', '2026-04-10 13:51:23+00', '2026-04-12 18:51:48.055+00', DEFAULT),
	('task_9074b140a863e17b56616438', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_01dd11e7816ee573da63e3fb', 'Check the delivered quantities against the purchase order — Maple Grove Elementary', 'done', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-17', '2026-04-10 14:02:03+00', '2026-04-13 09:18:27.002+00', DEFAULT),
	('task_550706b82170b7476246ca92', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_65e454b3f7e3bf101a6602b3', 'Request re-inspection from the city — Maple Grove Elementary', 'done', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-15', '2026-04-12 15:39:07+00', '2026-04-17 08:19:25.373+00', DEFAULT),
	('task_5661c28f75872e11a586e614', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_d357d52fd35c7d67caab2813', 'Update the inspection log — Riverside Medical Center', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-20', '2026-04-13 09:02:25+00', '2026-04-18 10:17:40.642+00', DEFAULT),
	('task_02dac3c4c76450e9ce6507ba', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f42c6c3072a29ebd39c152b3', 'Schedule cylinder testing with the lab — Maple Grove Elementary', 'done', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-20', '2026-04-13 09:26:24+00', '2026-04-22 08:01:18.925+00', DEFAULT),
	('task_342ec4055fa3d758c243dde8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_8173e28380c6eeb7ab38ad56', 'Fix inspection corrections and photograph them — Harbor Point Tower', 'open', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-20', '2026-04-13 14:11:08+00', NULL, DEFAULT),
	('task_0c9e7985f4a48ca81838f511', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_db0be9caa8e99d95ff0c3879', 'Order curing blankets for the pour — Maple Grove Elementary', 'open', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-18', '2026-04-13 14:30:06+00', NULL, DEFAULT),
	('task_7b017a49a30f30990946a922', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_8dc8f3e14f3f42432a6b64e8', 'Hold a toolbox talk on fall protection — Harbor Point Tower', 'done', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-16', '2026-04-13 14:11:56+00', '2026-04-15 08:53:47.001+00', DEFAULT),
	('task_552f48860bd9c78be17a1822', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_e56b4ed8d7561c2bdf28b8da', 'Send the revised sequence to the subcontractors — Riverside Medical Center', 'open', NULL, '2026-04-19', '2026-04-13 12:06:08+00', NULL, DEFAULT),
	('task_fa2a5608a0e82004f683052b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_26f539322383798c5b380ba4', 'Schedule cylinder testing with the lab — Harbor Point Tower', 'open', NULL, '2026-04-16', '2026-04-14 08:42:15+00', NULL, DEFAULT),
	('task_28a51049c7289e9e060f2d12', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_ba93473052ffb4d6c4e02466', 'Book the concrete pump truck — Summit Logistics Hub', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-20', '2026-04-14 07:00:16+00', '2026-04-20 01:03:39.777+00', DEFAULT),
	('task_eb5badecfe86b841825286af', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_ba93473052ffb4d6c4e02466', 'Order curing blankets for the pour — Summit Logistics Hub', 'done', NULL, '2026-04-18', '2026-04-14 07:00:16+00', '2026-04-14 14:03:42.636+00', DEFAULT),
	('task_69ad21f9c85216ba89d93658', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_a5f42c71410fc658c60d2c06', 'Check the delivered quantities against the purchase order — Summit Logistics Hub', 'done', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-16', '2026-04-14 10:25:52+00', '2026-04-16 09:03:47.891+00', DEFAULT),
	('task_c280d603076f36199c21177f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_0bbd0ddcfee0242bba994744', 'Confirm ready-mix delivery window with the supplier — Harbor Point Tower', 'open', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-17', '2026-04-14 15:55:16+00', NULL, DEFAULT),
	('task_e8eab3037647eface54fb0db', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_0bbd0ddcfee0242bba994744', 'Schedule cylinder testing with the lab — Harbor Point Tower', 'done', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-16', '2026-04-14 15:55:16+00', '2026-04-17 09:59:14.821+00', DEFAULT),
	('task_ceab9c6a4cbad701971533cc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_a5033e6a986a547a62aa766b', 'Clear the laydown area before the delivery — Summit Logistics Hub', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-21', '2026-04-15 12:02:52+00', '2026-04-16 13:51:17.178+00', DEFAULT),
	('task_81056de52403c65a08310c38', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_b4670eeadf3f9a0073c604e0', 'Submit the critical lift plan for approval — Summit Logistics Hub', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-21', '2026-04-15 11:36:02+00', '2026-04-16 01:27:34.953+00', DEFAULT),
	('task_30ab88c96a77b89726c6f089', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_b4670eeadf3f9a0073c604e0', 'Confirm the rigging inspection — Summit Logistics Hub', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-19', '2026-04-15 11:36:02+00', '2026-04-17 13:43:43.472+00', DEFAULT),
	('task_6af0cdb09a9922699e662d9a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_d5240dcabb747254c89d871f', 'File the near-miss safety report — Riverside Medical Center', 'open', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-17', '2026-04-15 07:32:13+00', NULL, DEFAULT),
	('task_f265ad6df79bf3669f0d7123', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_d5240dcabb747254c89d871f', 'Hold a toolbox talk on fall protection — Riverside Medical Center', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-19', '2026-04-15 07:32:13+00', '2026-04-18 14:52:58.784+00', DEFAULT),
	('task_9a10fefbbad351ebaf906f71', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_79fb1a05f3a21cd634d20fb6', 'Confirm the rigging inspection — Riverside Medical Center', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-17', '2026-04-15 10:54:09+00', '2026-04-16 16:33:19.276+00', DEFAULT),
	('task_309aea9ed62c51260e5e7204', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_79fb1a05f3a21cd634d20fb6', 'Close the sidewalk for the crane lift — Riverside Medical Center', 'open', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-19', '2026-04-15 10:54:09+00', NULL, DEFAULT),
	('task_578b4f125e15074af285f91e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_edfbfd63a98c9a7204770d4b', 'Reschedule the delivery with the supplier — Summit Logistics Hub', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-16', '2026-04-15 08:01:40+00', '2026-04-15 22:29:59.374+00', DEFAULT),
	('task_35d947954dbee4f663c0e561', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_edfbfd63a98c9a7204770d4b', 'Arrange a forklift operator for the delivery — Summit Logistics Hub', 'open', NULL, '2026-04-19', '2026-04-15 08:01:40+00', NULL, DEFAULT),
	('task_ad675291718246ca11281603', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_841f611126766837d4f10a8b', 'Update the three-week lookahead schedule — Harbor Point Tower', 'done', NULL, '2026-04-17', '2026-04-15 14:41:59+00', '2026-04-16 01:22:12.931+00', DEFAULT),
	('task_828e33ba6601bb40d99276a7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_5c4d7ec12a1fd013f4694d8d', 'File the near-miss safety report — Harbor Point Tower', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-19', '2026-04-15 16:56:52+00', '2026-04-17 02:24:48.331+00', DEFAULT),
	('task_ab4373330c07984453d02b52', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_a12f7024b7a7259f9b6d9992', 'Review the change order pricing — Harbor Point Tower', 'done', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-23', '2026-04-16 14:26:37+00', '2026-04-21 12:24:07.216+00', DEFAULT),
	('task_06601b738c6555189c61294d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_66302ea389fecbc3fed88501', 'Confirm ready-mix delivery window with the supplier — Oak Street Lofts', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-20', '2026-04-16 12:10:54+00', '2026-04-21 01:27:32.5+00', DEFAULT),
	('task_4461598be5173d6eacb38f3c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6ea77d237026bcc4d1e27d36', 'Confirm the rigging inspection — Riverside Medical Center', 'open', NULL, '2026-04-18', '2026-04-16 13:56:19+00', NULL, DEFAULT),
	('task_83909a86a7bb90da9188f97f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f3968166bec48c03ed4a43b7', 'Book the concrete pump truck — Cedar Ridge Parking Structure', 'open', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-17', '2026-04-16 12:48:23+00', NULL, DEFAULT),
	('task_a17c3c00a910697324c194ba', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f3968166bec48c03ed4a43b7', 'Confirm ready-mix delivery window with the supplier — Cedar Ridge Parking Structure', 'open', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-17', '2026-04-16 12:48:23+00', NULL, DEFAULT),
	('task_008692361b065c36052f0e75', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_742e78cfb07977f8f1ff4e17', 'Order curing blankets for the pour — Oak Street Lofts', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-20', '2026-04-16 12:12:18+00', '2026-04-20 16:32:22.648+00', DEFAULT),
	('task_bfa4a104dc935756b68fd5b2', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_742e78cfb07977f8f1ff4e17', 'Book the concrete pump truck — Oak Street Lofts', 'done', NULL, '2026-04-21', '2026-04-16 12:12:18+00', '2026-04-16 22:42:45.042+00', DEFAULT),
	('task_d4b68f567d331c1b8e3dae97', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_7e8b085bc1307a83c4ea9f21', 'Clear the laydown area before the delivery — Riverside Medical Center', 'done', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-17', '2026-04-16 14:15:44+00', '2026-04-18 18:39:10.799+00', DEFAULT),
	('task_0e50827e08f850032790de92', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_7e8b085bc1307a83c4ea9f21', 'Arrange a forklift operator for the delivery — Riverside Medical Center', 'open', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-21', '2026-04-16 14:15:44+00', NULL, DEFAULT),
	('task_5e2001c63b874ade9e1ae317', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_bf13d3653488cff81ff4ab2f', 'Fix inspection corrections and photograph them — Cedar Ridge Parking Structure', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-19', '2026-04-16 14:27:43+00', '2026-04-18 17:03:19.103+00', DEFAULT),
	('task_5ed3ce720285afb3070e37e6', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_89bc620291be5ddb06a3614f', 'Book the concrete pump truck — Harbor Point Tower', 'done', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-18', '2026-04-16 12:30:21+00', '2026-04-19 22:05:50.915+00', DEFAULT),
	('task_c3f7de1315c8da117312438d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_35c9741aa1597ee1de81fbfe', 'Send the inspection report to the owner — Harbor Point Tower', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-19', '2026-04-16 11:44:27+00', '2026-04-18 14:22:25.459+00', DEFAULT),
	('task_25cd38c8fc36ce825cacb45f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_0f842894b9055a3e49f0d010', 'Update the three-week lookahead schedule — Harbor Point Tower', 'done', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-22', '2026-04-17 10:07:14+00', '2026-04-22 11:53:51.592+00', DEFAULT),
	('task_a49166d88e3d3432cfcf67c9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_1dadd43dbe327c3cdf613f4c', 'Reschedule the delivery with the supplier — Summit Logistics Hub', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-20', '2026-04-17 06:56:22+00', '2026-04-17 13:52:26.707+00', DEFAULT),
	('task_f0c0853d70a4a73c9f4158b4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_e141ce3d31a9761e551bf02b', 'Reschedule the delivery with the supplier — Cedar Ridge Parking Structure', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-24', '2026-04-17 07:44:51+00', '2026-04-24 10:02:13.278+00', DEFAULT),
	('task_0b83de80ba6ff1fd518a4e0c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_abe3c4c6a7b639c7e07c3e7e', 'Submit the RFI for the ceiling conflict — Summit Logistics Hub', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-21', '2026-04-17 08:49:49+00', '2026-04-17 19:02:46.953+00', DEFAULT),
	('task_ed4c96bdc77693e0fabe4e02', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f4020d86675b0498f948c5eb', 'Request re-inspection from the city — Harbor Point Tower', 'done', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-19', '2026-04-17 12:59:29+00', '2026-04-19 19:33:14.344+00', DEFAULT),
	('task_6702ab06ae3b7af98af3e80c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_a2c3d2a0fde2ea4edd757cb0', 'Submit the critical lift plan for approval — Oak Street Lofts', 'done', NULL, '2026-04-24', '2026-04-19 09:51:18+00', '2026-04-23 04:25:56.118+00', DEFAULT),
	('task_db1163506ed4e21b353c8d90', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_a2c3d2a0fde2ea4edd757cb0', 'Close the sidewalk for the crane lift — Oak Street Lofts', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-21', '2026-04-19 09:51:18+00', '2026-04-22 06:20:48.063+00', DEFAULT),
	('task_7c8305e82521cd07e3682f5d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6ef5e127de6799c046f4dac9', 'Order curing blankets for the pour — Oak Street Lofts', 'done', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-04-26', '2026-04-20 13:53:11+00', '2026-04-26 14:53:40.145+00', DEFAULT),
	('task_e7c9bdf486580f4f623efe04', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6ef5e127de6799c046f4dac9', 'Schedule cylinder testing with the lab — Oak Street Lofts', 'open', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-23', '2026-04-20 13:53:11+00', NULL, DEFAULT),
	('task_7c34c9cbc9dc0b204d5611ab', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_2edf12a3088554b6d2d74468', 'Update the three-week lookahead schedule — Summit Logistics Hub', 'open', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-21', '2026-04-20 17:13:17+00', NULL, DEFAULT),
	('task_55df12c1538e83c30cd9c922', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_7fb0f0424e65179edcfcb9d8', 'File the near-miss safety report — Riverside Medical Center', 'done', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-21', '2026-04-20 09:09:26+00', '2026-04-20 16:33:24.577+00', DEFAULT),
	('task_1818bac0fd5d710aa6cbf30b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3232a0580ed531583d7fb712', 'Submit the critical lift plan for approval — Riverside Medical Center', 'done', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-04-23', '2026-04-20 09:58:59+00', '2026-04-22 14:15:29.353+00', DEFAULT),
	('task_4903136c0454d66b193b79c4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_084629c30bea41fe91a92cc6', 'Update the three-week lookahead schedule — Maple Grove Elementary', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-27', '2026-04-20 13:06:19+00', '2026-04-23 03:01:10.169+00', DEFAULT),
	('task_d87a5b6cdc205bb7e2ca0512', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_084629c30bea41fe91a92cc6', 'Submit the RFI for the ceiling conflict — Maple Grove Elementary', 'done', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-04-26', '2026-04-20 13:06:19+00', '2026-04-23 07:50:04.049+00', DEFAULT),
	('task_8f8760ec1272d05b17f106af', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c8e2cf1c45b6ba35fa5c34ab', 'Check the delivered quantities against the purchase order — Summit Logistics Hub', 'done', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-22', '2026-04-21 10:38:25+00', '2026-04-24 00:33:43.753+00', DEFAULT),
	('task_c090b8f0fced2d97b446bdf9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c8e2cf1c45b6ba35fa5c34ab', 'Reschedule the delivery with the supplier — Summit Logistics Hub', 'open', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-04-22', '2026-04-21 10:38:25+00', NULL, DEFAULT),
	('task_c97e2e0d775904a6923ca738', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_89832b34c6e70a70224bb584', 'Confirm the rigging inspection — Harbor Point Tower', 'open', 'f9c417b3-1020-43de-833c-b9c372529a51', '2026-04-26', '2026-04-21 14:27:32+00', NULL, DEFAULT),
	('task_b23638013051952aadc2c2a7', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_227160e6ef1739a288442cab', 'Confirm ready-mix delivery window with the supplier — Cedar Ridge Parking Structure', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-25', '2026-04-21 06:18:27+00', '2026-04-21 18:43:17.63+00', DEFAULT),
	('task_0644c7a054767597b3d84868', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_47f14174d819bf0c8df74152', 'Hold a toolbox talk on fall protection — Cedar Ridge Parking Structure', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-25', '2026-04-21 08:54:47+00', '2026-04-26 11:28:33.27+00', DEFAULT),
	('task_bf624423582ab42d51a75cd4', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6f1df1cce5cf950cc502759a', 'Schedule cylinder testing with the lab — Cedar Ridge Parking Structure', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-25', '2026-04-21 10:10:19+00', '2026-04-26 22:35:43.787+00', DEFAULT),
	('task_1e0fd02bf80e08bced86632b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_6f1df1cce5cf950cc502759a', 'Confirm ready-mix delivery window with the supplier — Cedar Ridge Parking Structure', 'done', NULL, '2026-04-26', '2026-04-21 10:10:19+00', '2026-04-21 17:11:32.901+00', DEFAULT),
	('task_34488985faf5d59f825dcea1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_0ef4b5e4d1bc27d1c944b9a9', 'Check the delivered quantities against the purchase order — Maple Grove Elementary', 'done', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-27', '2026-04-21 16:06:26+00', '2026-04-29 11:58:58.081+00', DEFAULT),
	('task_6520af4a697f42e472591e88', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9647b32f61bb44ceadaa9711', 'Clear the laydown area before the delivery — Summit Logistics Hub', 'done', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-29', '2026-04-22 08:45:29+00', '2026-04-23 14:58:07.239+00', DEFAULT),
	('task_71c63e7dc2824578c2db42e5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_d171312ffd1739f9a6f0d979', 'Book the concrete pump truck — Cedar Ridge Parking Structure', 'open', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-23', '2026-04-22 11:55:10+00', NULL, DEFAULT),
	('task_b1c816448ec1d24040c31e8f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9dac5f08d1e1df5715535234', 'Submit the RFI for the ceiling conflict — Maple Grove Elementary', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-04-26', '2026-04-22 10:12:06+00', '2026-04-24 07:31:49.888+00', DEFAULT),
	('task_9b9278778ec8b28db0bec0d9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3410c16e31fc9426a8172f56', 'File the near-miss safety report — Harbor Point Tower', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-25', '2026-04-22 14:36:09+00', '2026-04-27 03:09:46.024+00', DEFAULT),
	('task_46ea04b626dedc3d3009004e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_10d0d6eb4077224b68a8df5d', 'Send the inspection report to the owner — Oak Street Lofts', 'open', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-25', '2026-04-23 15:54:02+00', NULL, DEFAULT),
	('task_cc61458159bb0fc198380592', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c01ec465b01a2e9174811a15', 'Confirm the rigging inspection — Summit Logistics Hub', 'done', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-29', '2026-04-23 06:56:42+00', '2026-04-29 05:24:08.695+00', DEFAULT),
	('task_910eed74e92d1ba2322370ba', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_411fb8dfe4dd8f164363f61a', 'Schedule cylinder testing with the lab — Cedar Ridge Parking Structure', 'done', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-28', '2026-04-23 08:28:05+00', '2026-04-28 07:28:16.652+00', DEFAULT),
	('task_c5d46540047a317c5a99f4c5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_411fb8dfe4dd8f164363f61a', 'Confirm ready-mix delivery window with the supplier — Cedar Ridge Parking Structure', 'done', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', '2026-04-28', '2026-04-23 08:28:05+00', '2026-04-25 03:28:39.989+00', DEFAULT),
	('task_d5e905cacdd25512bda31c7b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_9e33f7e612d8ee4b4dac8163', 'Reschedule the delivery with the supplier — Summit Logistics Hub', 'done', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-04-26', '2026-04-23 17:00:25+00', '2026-04-24 13:33:23.639+00', DEFAULT),
	('task_3772b307e6a22f3311058994', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_77d5ac956f6df33e5ed736bc', 'Hold a toolbox talk on fall protection — Oak Street Lofts', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-26', '2026-04-24 13:28:37+00', '2026-04-26 13:20:33.716+00', DEFAULT),
	('task_84f45be3ac7a18781deaef5e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3c35ca5a0197179ae74def61', 'Confirm the rigging inspection — Cedar Ridge Parking Structure', 'done', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-04-25', '2026-04-24 14:50:42+00', '2026-04-26 13:27:25.482+00', DEFAULT),
	('task_9ec68fcf7d0e93b475449c6e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_b7efe737e244ba1162d31650', 'Clear the laydown area before the delivery — Oak Street Lofts', 'done', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-04-25', '2026-04-24 12:28:47+00', '2026-04-26 07:30:12.019+00', DEFAULT),
	('task_fda0fec930e6773a7ae93df9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c7e3f0261c1853af6103dbc5', 'File the near-miss safety report — Riverside Medical Center', 'done', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-28', '2026-04-24 11:54:29+00', '2026-04-29 15:22:34.917+00', DEFAULT),
	('task_a5dfd4f10d20e3a1b9ed9594', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_fdfbbd3cdf015d3f7c320f9b', 'Check the delivered quantities against the purchase order — Cedar Ridge Parking Structure', 'done', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-04-27', '2026-04-24 14:34:57+00', '2026-04-25 05:23:15.188+00', DEFAULT),
	('task_bc128969cb0eabdd51c22356', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f0cba5c899b9f311d49a9f29', 'Confirm the rigging inspection — Summit Logistics Hub', 'done', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-04-28', '2026-04-24 06:14:06+00', '2026-04-29 15:46:10.303+00', DEFAULT),
	('task_2ccf3e7127d781815b812269', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3c092cc00cdd03fc2030cc2d', 'Send the revised sequence to the subcontractors — Oak Street Lofts', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-26', '2026-04-24 15:54:16+00', '2026-04-27 09:31:12.792+00', DEFAULT),
	('task_965281fde8045af7057275b9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3c092cc00cdd03fc2030cc2d', 'Submit the RFI for the ceiling conflict — Oak Street Lofts', 'done', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-04-30', '2026-04-24 15:54:16+00', '2026-04-30 04:03:20.465+00', DEFAULT),
	('task_cf4aa612d655388922bc08c9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_519ba4920b5caa1d7eb4fb06', 'Submit the critical lift plan for approval — Maple Grove Elementary', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-30', '2026-04-26 16:23:09+00', '2026-04-27 18:50:52.414+00', DEFAULT),
	('task_916a04121c426190629bce27', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3d4a7a5e21610bdd59ba24d2', 'Confirm ready-mix delivery window with the supplier — Oak Street Lofts', 'done', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-04-28', '2026-04-26 15:51:39+00', '2026-04-28 20:16:36.034+00', DEFAULT),
	('task_54c06bffd7d1e91ce249fa57', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_07caac2d763819519de37efc', 'Update the inspection log — Harbor Point Tower', 'open', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-05-04', '2026-04-27 12:47:07+00', NULL, DEFAULT),
	('task_22b1a5ae07757950224cf309', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c7f44b8e21dafedf41124580', 'Review the change order pricing — Cedar Ridge Parking Structure', 'done', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '2026-04-30', '2026-04-27 14:43:10+00', '2026-04-28 13:21:33.001+00', DEFAULT),
	('task_0ba1d37291d12e215434428b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_e8fcc77df56a5d93045bc41a', 'Clear the laydown area before the delivery — Oak Street Lofts', 'open', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-05-02', '2026-04-27 16:34:48+00', NULL, DEFAULT),
	('task_c857d64277840f3dc83f9357', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_636876f6b788757bd0112293', 'Arrange a forklift operator for the delivery — Oak Street Lofts', 'done', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-04-28', '2026-04-27 07:52:29+00', '2026-04-28 23:38:17.338+00', DEFAULT),
	('task_61f8450d9dd8bfabdb3fdada', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_e3ba1f34fc8ccb06c771b7ef', 'Review the change order pricing — Riverside Medical Center', 'done', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-05-03', '2026-04-27 15:26:08+00', '2026-04-29 06:13:56.346+00', DEFAULT),
	('task_d41d95af47b58d3901a36204', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_f8560aa43d90d918486139bd', 'Order curing blankets for the pour — Summit Logistics Hub', 'done', 'ccd44977-87ad-49cd-ac5e-cdca6983adc8', '2026-05-04', '2026-04-27 07:43:10+00', '2026-04-30 07:13:41.423+00', DEFAULT),
	('task_11c02b6d0b2d863104f16a07', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_b2830d6febfdd4ce395f0f16', 'Reschedule the delivery with the supplier — Summit Logistics Hub', 'done', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-04-29', '2026-04-27 09:47:07+00', '2026-04-28 05:58:03.158+00', DEFAULT),
	('task_e9149ba8e3d65bb328a8057d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3ae68558452bb4576ba5c510', 'Update the three-week lookahead schedule — Maple Grove Elementary', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-30', '2026-04-27 08:33:10+00', '2026-04-29 07:18:37.339+00', DEFAULT),
	('task_3830db1113670ca362fdb3ce', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_790a1094a928482c265e2523', 'Check the delivered quantities against the purchase order — Riverside Medical Center', 'open', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '2026-05-01', '2026-04-28 16:24:51+00', NULL, DEFAULT),
	('task_3c4c796ca6f4a62a2ba1c16c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_790a1094a928482c265e2523', 'Arrange a forklift operator for the delivery — Riverside Medical Center', 'done', NULL, '2026-04-30', '2026-04-28 16:24:51+00', '2026-05-01 09:59:46.868+00', DEFAULT),
	('task_dbbdbe6709ce44f7518494c1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c826c6a4c5985f165c65fd99', 'Hold a toolbox talk on fall protection — Summit Logistics Hub', 'open', '861c28d7-648b-41cb-a8f9-87b2db75bc48', '2026-05-02', '2026-04-28 10:58:23+00', NULL, DEFAULT),
	('task_271cc89b237fb83f6886fd2f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_d2ec5ffcea2df88cb3776ba2', 'Book the concrete pump truck — Oak Street Lofts', 'open', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-05-03', '2026-04-28 06:18:33+00', NULL, DEFAULT),
	('task_3586b4f13314a2d1473c5009', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_4648fdc0ee923500a3b121fa', 'Confirm ready-mix delivery window with the supplier — Harbor Point Tower', 'done', '514250e9-4277-44cd-b141-804cb8695283', '2026-04-29', '2026-04-28 12:41:23+00', '2026-04-30 06:49:37.879+00', DEFAULT),
	('task_149dd0c2cfc74b871f6de3ff', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_ad7c78b358b68986b4530719', 'Order curing blankets for the pour — Maple Grove Elementary', 'open', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', '2026-05-04', '2026-04-28 15:02:46+00', NULL, DEFAULT),
	('task_a8527ea477cbbd35d79dc4e5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_ad7c78b358b68986b4530719', 'Schedule cylinder testing with the lab — Maple Grove Elementary', 'open', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-04-29', '2026-04-28 15:02:46+00', NULL, DEFAULT),
	('task_d17171d31e7ca0396ad0ace9', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c8d16f578849823bd24562af', 'Submit the critical lift plan for approval — Maple Grove Elementary', 'open', '2796c04c-4a7b-4759-8c43-44aac30a278c', '2026-05-02', '2026-04-28 13:51:56+00', NULL, DEFAULT),
	('task_e17139273cc7c6bc47f90fbf', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_5d4b01c218a8bb8fe43e0b35', 'Replace the damaged guardrail — Harbor Point Tower', 'open', '2bbc3a53-00d2-4039-8c53-bd68062bc612', '2026-05-01', '2026-04-29 10:48:46+00', NULL, DEFAULT),
	('task_e4a71a21ea301773940a7092', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c1ab35f57632e35bda9ace52', 'Submit the critical lift plan for approval — Riverside Medical Center', 'open', NULL, '2026-04-30', '2026-04-29 15:12:50+00', NULL, DEFAULT),
	('task_1a103be714ee9ac0b0725944', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_c1ab35f57632e35bda9ace52', 'Confirm the rigging inspection — Riverside Medical Center', 'done', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '2026-05-02', '2026-04-29 15:12:50+00', '2026-04-30 17:35:02.453+00', DEFAULT),
	('task_dca85bd4b1969b92faa9af08', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_493e313a204f5b015b92916b', 'Schedule cylinder testing with the lab — Summit Logistics Hub', 'open', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', '2026-05-02', '2026-04-29 06:17:46+00', NULL, DEFAULT),
	('task_3ad75f1ddf3baa445881372a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_62829708c9d328a355a37c33', 'File the near-miss safety report — Summit Logistics Hub', 'done', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', '2026-05-02', '2026-04-29 13:33:23+00', '2026-04-29 18:17:53.944+00', DEFAULT),
	('task_78faf92212721734e0eb6835', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_62829708c9d328a355a37c33', 'Replace the damaged guardrail — Summit Logistics Hub', 'open', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', '2026-05-03', '2026-04-29 13:33:23+00', NULL, DEFAULT),
	('task_a8b8c5db0f1b8442b322a0eb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_e93e2dd36049d541e6c95ec4', 'Update the three-week lookahead schedule — Cedar Ridge Parking Structure', 'done', '9bfbbced-bc88-42e9-8494-593f7d3d8223', '2026-05-06', '2026-04-29 16:59:23+00', '2026-04-30 05:53:53.183+00', DEFAULT),
	('task_4f4eb22cbac98db9cf10e7dc', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3c84ec2d2f8293b97a4f5f98', 'Arrange a forklift operator for the delivery — Maple Grove Elementary', 'done', '30bc7356-a1d8-4eb7-a636-9e9e0b2b6c51', '2026-05-02', '2026-04-30 15:05:03+00', '2026-04-30 18:05:02.038+00', DEFAULT),
	('task_904f3aed0995ab50c4a58f04', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_3dd7cffc07d62149e6635575', 'Schedule cylinder testing with the lab — Cedar Ridge Parking Structure', 'done', 'e497563c-4829-4c52-9700-4d47a4f48568', '2026-05-05', '2026-04-30 12:39:34+00', '2026-04-30 16:47:13.142+00', DEFAULT),
	('task_e8d7a33a4994940338b1b194', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_88bbf66362c0b638a1894e7d', 'Send the inspection report to the owner — Oak Street Lofts', 'open', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-05-06', '2026-04-30 14:41:20+00', NULL, DEFAULT),
	('task_6632e24c51323562717c6e89', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_88bbf66362c0b638a1894e7d', 'Update the inspection log — Oak Street Lofts', 'open', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-05-02', '2026-04-30 14:41:20+00', NULL, DEFAULT),
	('task_1c7453bd09a2fcc4a4cc5774', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_cd7ab7056c1de359a07bf949', 'Hold a toolbox talk on fall protection — Cedar Ridge Parking Structure', 'open', '2ae00571-c0ab-46a4-bac2-abfc15202968', '2026-05-05', '2026-04-30 09:00:41+00', NULL, DEFAULT),
	('task_93c0fe47e0b81423dfbb6c41', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_bfa89d45ad2003ab499387a6', 'Arrange a forklift operator for the delivery — Riverside Medical Center', 'open', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-05-02', '2026-05-01 07:46:42+00', NULL, DEFAULT),
	('task_6d145391070df74f6304e9ef', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'call_bfa89d45ad2003ab499387a6', 'Reschedule the delivery with the supplier — Riverside Medical Center', 'open', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', '2026-05-04', '2026-05-01 07:46:42+00', NULL, DEFAULT);


--
-- Data for Name: transactions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.transactions VALUES
	('txn_6860e5236a1448627dabf58f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2025-11-26 12:00:00+00'),
	('txn_a827b48d681f7066dbd22563', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_e2393a5a2ac8c93d4be2d945', '2025-11-26 14:00:00+00'),
	('txn_9e0b262cb6daa6697fa02f41', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_edf5583723876f94a330c6db', '2025-12-26 14:00:00+00'),
	('txn_69037a3ab23e33aa9ff6e12e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_96fcb2e48123e501bf342f71', '2026-01-26 14:00:00+00'),
	('txn_beba448799eff65428cc548d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_95365a02207260a462dbf186', '2026-02-26 14:00:00+00'),
	('txn_868d10e15b4cd093d57f2d76', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_958420b43b9c6737ea26bf4c', '2026-03-26 14:00:00+00'),
	('txn_50c72add7736f380a51de737', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '67d044f4-775b-4595-ad6b-bcab8da6bf2d', 'Dana Whitfield', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_34338f5d612a05f4097376e6', '2026-04-26 14:00:00+00'),
	('txn_da29129036eb63227a0b6dba', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'subscription_created', 'succeeded', 4999, 'Hardline Lite subscription started', NULL, '2026-02-21 12:00:00+00'),
	('txn_bf0979775b4c5e737ab2c55f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'payment_succeeded', 'succeeded', 4999, 'Hardline Lite - monthly', 'in_3febb513bec06bb4759e8c8d', '2026-02-21 14:00:00+00'),
	('txn_caf36a0e266b5811e15af673', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'payment_succeeded', 'succeeded', 4999, 'Hardline Lite - monthly', 'in_f7ab9f90c9905e6ce49a0c03', '2026-03-21 14:00:00+00'),
	('txn_6238513e28bc5546bec8cd6d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '4200335b-27ec-4b63-839b-651284b6077c', 'Sam Ortega', 'payment_succeeded', 'succeeded', 4999, 'Hardline Lite - monthly', 'in_39eb8192cdeef213991feb8d', '2026-04-21 14:00:00+00'),
	('txn_14c19edef1140159388490c8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2796c04c-4a7b-4759-8c43-44aac30a278c', 'Ashley Lee', 'subscription_created', 'pending', 0, 'Hardline Lite trial started', NULL, '2026-04-26 18:00:00+00'),
	('txn_0c063bd251b75cb12bd18d43', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'Cynthia Mitchell', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2026-03-19 12:00:00+00'),
	('txn_470895078d8ae2656c3dafeb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'Cynthia Mitchell', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_9d4da5a77147df90633eccb4', '2026-03-19 14:00:00+00'),
	('txn_ae3dbbda504b448b21a6d04d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6ce17dc7-052a-4307-968e-2157c49cafe7', 'Cynthia Mitchell', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_a2c1c7d4bcb7e89a7f1ff0a1', '2026-04-19 14:00:00+00'),
	('txn_cfa718a175d1cd11cbb35527', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2026-01-28 12:00:00+00'),
	('txn_4f68ec40a3528035e2110b61', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_83c91f22570d8936891695f1', '2026-01-28 14:00:00+00'),
	('txn_90be0e2a4787d5a71173248b', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_bb8079031242d0871f32084a', '2026-02-28 14:00:00+00'),
	('txn_e0baaf2caf31a7d5fad4160d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_bf20c6fa57a54f54f6997f0d', '2026-03-28 14:00:00+00'),
	('txn_a84f19a9ba15851977a56a49', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '981fc1ed-f6c0-4c7f-b7ae-7e968c6ef852', 'Olga Rivera', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_d0cc454c4788e86747a49ec9', '2026-04-28 14:00:00+00'),
	('txn_fae2e27e57d7c6e942a24dea', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', 'Steven Kowalski', 'subscription_created', 'pending', 0, 'Hardline Pro trial started', NULL, '2026-04-17 17:00:00+00'),
	('txn_649c30ebb2cf3d5026a41f85', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'Kwame Hall', 'subscription_created', 'succeeded', 4999, 'Hardline Lite subscription started', NULL, '2026-03-29 12:00:00+00'),
	('txn_df5344a00841d6b2b9dd7cb5', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'Kwame Hall', 'payment_succeeded', 'succeeded', 4999, 'Hardline Lite - monthly', 'in_14ac52d30ec88607f2972643', '2026-03-29 14:00:00+00'),
	('txn_0db077e28788d7859a490548', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'Kwame Hall', 'payment_failed', 'failed', 4999, 'Hardline Lite payment declined (card ending 0341)', 'in_7e0b8bb4768cf30b3346b2c7', '2026-04-29 13:00:00+00'),
	('txn_732a9c7eec2e4ec2a79ba204', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'a6648147-ce0f-41c5-8fd8-9b71d483fba3', 'Kwame Hall', 'payment_failed', 'failed', 4999, 'Hardline Lite payment declined (card ending 0341)', 'in_7e0b8bb4768cf30b3346b2c7', '2026-04-29 16:00:00+00'),
	('txn_925775e447123f439a625e9e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2026-01-30 12:00:00+00'),
	('txn_2a36dcc32052e8cead01c09f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_039277749f817b97cca0f79b', '2026-01-30 14:00:00+00'),
	('txn_8aedbea5e7297c9ea60cdeb8', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_122e6939fc0cffb90f1d1411', '2026-02-28 14:00:00+00'),
	('txn_42fb22dac35f4070d5bf8cac', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_c4c272e13cce9f87e950beb7', '2026-03-30 14:00:00+00'),
	('txn_9f81e669492dff7f6baf2dcf', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '9bfbbced-bc88-42e9-8494-593f7d3d8223', 'Laura Lopez', 'subscription_canceled', 'succeeded', 0, 'Hardline Pro canceled: Crew moved to another contractor', NULL, '2026-04-30 12:00:00+00'),
	('txn_5bb3e6da32c4ab476783b973', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2025-12-25 12:00:00+00'),
	('txn_6ac27732ba3e4f6ff1151f8f', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_af18953fbf701ab61f097117', '2025-12-25 14:00:00+00'),
	('txn_9584c736f5e6b8e943efd10a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_03eaf17092cbf34592242b1e', '2026-01-25 14:00:00+00'),
	('txn_0d5decf91191d85f095b30a3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_755ea12138658bc080707609', '2026-02-25 14:00:00+00'),
	('txn_9dc254ed2b9bee0a1a892330', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_2f236b498e3c858164f8224e', '2026-03-25 14:00:00+00'),
	('txn_dac96ef21805ae249fda3275', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '40574c86-5c85-423f-9a1a-5be2d48efd0c', 'Wei Garcia', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_c4fdfc48808124d1bae1d8f1', '2026-04-25 14:00:00+00'),
	('txn_1592d9175a36423bbfbd3dfe', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', 'Brian White', 'subscription_created', 'pending', 0, 'Hardline Lite trial started', NULL, '2026-04-26 14:00:00+00'),
	('txn_d1d1281d11aa068978cb7802', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b9bbf042-9f1a-4ecb-b81c-ef6b459c5bbb', 'Fatima Thomas', 'subscription_created', 'pending', 0, 'Hardline Lite trial started', NULL, '2026-04-26 01:00:00+00'),
	('txn_451a5916ee04026104d7bd72', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2025-11-06 12:00:00+00'),
	('txn_4a94b4ec2deaf1932816e11e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_249742eef11726a64c073bbc', '2025-11-06 14:00:00+00'),
	('txn_b0ba80d6e9649ac8dbc2afcd', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_5826149a61e28a9049c59079', '2025-12-06 14:00:00+00'),
	('txn_942ff30301c655837827e7f3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_146330a1a4d2e8b074c0e39d', '2026-01-06 14:00:00+00'),
	('txn_17fcbc7058f38fce46c7988a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_541f6c579bd5c4f681d67ab3', '2026-02-06 14:00:00+00'),
	('txn_9e95fe3f06a3b93247c30c0e', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_d916f26337ee4cbd1d2ec56f', '2026-03-06 14:00:00+00'),
	('txn_e800da029a467b5ffb721993', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'ca0a9c27-b0f9-4ca1-859e-be0b7f5ebe74', 'Mark Singh', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_b3ab2ee41317a89e6d867b9e', '2026-04-06 14:00:00+00'),
	('txn_5ef779d97ab2079b707527bb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'Gary Lopez', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2026-04-27 12:00:00+00'),
	('txn_b8df0dfb6d2e764e689a9f4a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'Gary Lopez', 'payment_failed', 'failed', 12999, 'Hardline Pro payment declined (card ending 1511)', 'in_c41a505e4d34d7d918f147dd', '2026-04-27 13:00:00+00'),
	('txn_389c0990025471eb64714879', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'e497563c-4829-4c52-9700-4d47a4f48568', 'Gary Lopez', 'payment_failed', 'failed', 12999, 'Hardline Pro payment declined (card ending 1511)', 'in_c41a505e4d34d7d918f147dd', '2026-04-27 16:00:00+00'),
	('txn_f1996d3b372532c08a0438ab', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'bdbc4898-2ba3-4db6-bd26-f4463462b83d', 'Brianna Carter', 'subscription_created', 'pending', 0, 'Hardline Pro trial started', NULL, '2026-04-23 01:00:00+00'),
	('txn_4d8980932bc7268591f76293', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'b8b3e604-d85e-4cef-91db-30fe91f6f6b0', 'Hannah Schmidt', 'subscription_created', 'pending', 0, 'Hardline Pro trial started', NULL, '2026-04-21 03:00:00+00'),
	('txn_d7e33b3080d0f640e22efd2c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', 'Nancy Hernandez', 'subscription_created', 'succeeded', 12999, 'Hardline Pro subscription started', NULL, '2026-04-05 12:00:00+00'),
	('txn_e5cf9e147f4923ad295bff1a', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', 'dd612c36-a33a-4f53-93ba-1559b023c3d5', 'Nancy Hernandez', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - monthly', 'in_8aff39033c8c2925fdd87226', '2026-04-05 14:00:00+00'),
	('txn_a35fc24a07e9433a36fdfc26', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', 'Steven Taylor', 'subscription_created', 'succeeded', 4999, 'Hardline Lite subscription started', NULL, '2026-04-19 12:00:00+00'),
	('txn_1826b28dd2290ea462dd2fe1', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '84fe3a44-70ad-40d7-8446-4513d0c6dba0', 'Steven Taylor', 'payment_succeeded', 'succeeded', 4999, 'Hardline Lite - monthly', 'in_342d594ac53eb226d7246d14', '2026-04-19 14:00:00+00');


--
-- Data for Name: trials; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.trials VALUES
	('2796c04c-4a7b-4759-8c43-44aac30a278c', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2026-04-26 18:00:00+00', '2026-05-10 18:00:00+00', NULL),
	('bd11da6d-8d3b-4ed9-8ff8-62f23ca13af3', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2026-04-17 17:00:00+00', '2026-05-01 17:00:00+00', NULL),
	('6fd28eaf-b29a-4c2d-ae5a-53448cf7b331', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2026-04-26 14:00:00+00', '2026-05-10 14:00:00+00', NULL),
	('b9bbf042-9f1a-4ecb-b81c-ef6b459c5bbb', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2026-04-26 01:00:00+00', '2026-05-10 01:00:00+00', NULL),
	('bdbc4898-2ba3-4db6-bd26-f4463462b83d', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2026-04-23 01:00:00+00', '2026-05-07 01:00:00+00', NULL),
	('b8b3e604-d85e-4cef-91db-30fe91f6f6b0', '02ff152c-0fdc-4f12-aa16-9e5eb2f38b96', '2026-04-21 03:00:00+00', '2026-05-05 03:00:00+00', NULL);


--
-- Name: audit_entries audit_entries_kinds_c360ee9f3533; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.audit_entries
    ADD CONSTRAINT audit_entries_kinds_c360ee9f3533 CHECK ((kind = ANY (ARRAY['member.created'::text, 'member.invited'::text, 'member.edited'::text, 'member.deleted'::text, 'member.license'::text, 'member.status'::text, 'members.bulk'::text, 'subscription.plan_changed'::text, 'subscription.canceled'::text, 'subscription.reactivated'::text, 'payment_method.page_opened'::text]))) NOT VALID;


--
-- Name: audit_entries audit_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_entries
    ADD CONSTRAINT audit_entries_pkey PRIMARY KEY (id);


--
-- Name: billing_fixtures billing_fixtures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.billing_fixtures
    ADD CONSTRAINT billing_fixtures_pkey PRIMARY KEY (org_id, key);


--
-- Name: calls calls_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calls
    ADD CONSTRAINT calls_pkey PRIMARY KEY (id);


--
-- Name: invoices invoices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);


--
-- Name: member_export_tickets member_export_tickets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_export_tickets
    ADD CONSTRAINT member_export_tickets_pkey PRIMARY KEY (id);


--
-- Name: members members_cognito_sub_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_cognito_sub_key UNIQUE (cognito_sub);


--
-- Name: members members_org_id_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_org_id_email_key UNIQUE (org_id, email);


--
-- Name: members members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_pkey PRIMARY KEY (id);


--
-- Name: organizations organizations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.organizations
    ADD CONSTRAINT organizations_pkey PRIMARY KEY (id);


--
-- Name: payment_method_sessions payment_method_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_method_sessions
    ADD CONSTRAINT payment_method_sessions_pkey PRIMARY KEY (token_hash);


--
-- Name: payment_methods payment_methods_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_methods
    ADD CONSTRAINT payment_methods_pkey PRIMARY KEY (id);


--
-- Name: setup_intents setup_intents_client_secret_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.setup_intents
    ADD CONSTRAINT setup_intents_client_secret_key UNIQUE (client_secret);


--
-- Name: setup_intents setup_intents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.setup_intents
    ADD CONSTRAINT setup_intents_pkey PRIMARY KEY (id);


--
-- Name: subscriptions subscriptions_member_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_member_id_key UNIQUE (member_id);


--
-- Name: subscriptions subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);


--
-- Name: tasks tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);


--
-- Name: transactions transactions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (id);


--
-- Name: trials trials_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trials
    ADD CONSTRAINT trials_pkey PRIMARY KEY (member_id);


--
-- Name: audit_entries_kind_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_entries_kind_idx ON public.audit_entries USING btree (org_id, kind, created_at DESC, id DESC);


--
-- Name: audit_entries_member_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_entries_member_idx ON public.audit_entries USING btree (org_id, member_id, created_at DESC, id DESC);


--
-- Name: audit_entries_org_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_entries_org_idx ON public.audit_entries USING btree (org_id, created_at DESC, id DESC);


--
-- Name: calls_org_member_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calls_org_member_idx ON public.calls USING btree (org_id, member_id, started_at DESC);


--
-- Name: calls_org_site_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calls_org_site_idx ON public.calls USING btree (org_id, site, started_at DESC);


--
-- Name: calls_org_started_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calls_org_started_idx ON public.calls USING btree (org_id, started_at DESC);


--
-- Name: calls_search_vector_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calls_search_vector_idx ON public.calls USING gin (search);


--
-- Name: copilot_invoices_amount_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_invoices_amount_idx ON public.invoices USING btree (org_id, amount_due DESC, id);


--
-- Name: copilot_invoices_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_invoices_created_idx ON public.invoices USING btree (org_id, created_at DESC, id);


--
-- Name: copilot_invoices_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_invoices_status_idx ON public.invoices USING btree (org_id, status, created_at DESC, id);


--
-- Name: copilot_subscriptions_canceled_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_subscriptions_canceled_idx ON public.subscriptions USING btree (org_id, canceled_at) WHERE (canceled_at IS NOT NULL);


--
-- Name: copilot_subscriptions_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_subscriptions_created_idx ON public.subscriptions USING btree (org_id, created_at DESC, id);


--
-- Name: copilot_subscriptions_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_subscriptions_status_idx ON public.subscriptions USING btree (org_id, status, created_at DESC, id);


--
-- Name: copilot_tallies_org_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_tallies_org_idx ON public.copilot_tallies USING btree (org_id, subject, day);


--
-- Name: copilot_transactions_amount_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_transactions_amount_idx ON public.transactions USING btree (org_id, amount DESC, id);


--
-- Name: copilot_transactions_member_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_transactions_member_idx ON public.transactions USING btree (org_id, member_id, created_at DESC);


--
-- Name: copilot_transactions_type_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX copilot_transactions_type_idx ON public.transactions USING btree (org_id, type, created_at DESC, id DESC);


--
-- Name: invoices_member_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invoices_member_idx ON public.invoices USING btree (org_id, member_id, created_at DESC);


--
-- Name: invoices_org_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invoices_org_status_idx ON public.invoices USING btree (org_id, status);


--
-- Name: member_export_tickets_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX member_export_tickets_expires_idx ON public.member_export_tickets USING btree (expires_at);


--
-- Name: members_cognito_sub_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_cognito_sub_idx ON public.members USING btree (cognito_sub);


--
-- Name: members_device_phone_number_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX members_device_phone_number_key ON public.members USING btree (device_phone_number) WHERE (device_phone_number IS NOT NULL);


--
-- Name: members_org_active_admins_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_active_admins_idx ON public.members USING btree (org_id) WHERE (is_admin AND is_active);


--
-- Name: members_org_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_created_idx ON public.members USING btree (org_id, created_at DESC, id);


--
-- Name: members_org_flags_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_flags_idx ON public.members USING btree (org_id, is_active, has_license);


--
-- Name: members_org_last_active_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_last_active_idx ON public.members USING btree (org_id, last_active_at DESC);


--
-- Name: members_org_lower_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_lower_name_idx ON public.members USING btree (org_id, lower(name) text_pattern_ops);


--
-- Name: members_org_role_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_role_created_idx ON public.members USING btree (org_id, role, created_at DESC, id);


--
-- Name: members_org_sort_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_sort_created_idx ON public.members USING btree (org_id, created_at, id);


--
-- Name: members_org_sort_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_sort_email_idx ON public.members USING btree (org_id, lower(email), id);


--
-- Name: members_org_sort_lastactive_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_sort_lastactive_idx ON public.members USING btree (org_id, COALESCE(last_active_at, '-infinity'::timestamp with time zone), id);


--
-- Name: members_org_sort_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_sort_name_idx ON public.members USING btree (org_id, lower(name), id);


--
-- Name: members_org_sort_role_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_org_sort_role_idx ON public.members USING btree (org_id, role, id);


--
-- Name: members_phone_digits_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_phone_digits_trgm_idx ON public.members USING gin (phone_digits public.gin_trgm_ops);


--
-- Name: members_search_text_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX members_search_text_trgm_idx ON public.members USING gin (search_text public.gin_trgm_ops);


--
-- Name: payment_methods_member_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_methods_member_idx ON public.payment_methods USING btree (org_id, member_id);


--
-- Name: payment_methods_one_default; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payment_methods_one_default ON public.payment_methods USING btree (member_id) WHERE is_default;


--
-- Name: setup_intents_one_open; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX setup_intents_one_open ON public.setup_intents USING btree (member_id, plan_type) WHERE (status = 'requires_payment_method'::text);


--
-- Name: subscriptions_org_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subscriptions_org_idx ON public.subscriptions USING btree (org_id, status, plan_type);


--
-- Name: tasks_org_assignee_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_org_assignee_idx ON public.tasks USING btree (org_id, assignee_member_id);


--
-- Name: tasks_org_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_org_status_idx ON public.tasks USING btree (org_id, status, due_date);


--
-- Name: tasks_search_vector_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_search_vector_idx ON public.tasks USING gin (search);


--
-- Name: transactions_org_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX transactions_org_created_idx ON public.transactions USING btree (org_id, created_at DESC, id DESC);


--
-- Name: trials_org_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trials_org_idx ON public.trials USING btree (org_id, ends_at);


--
-- Name: invoices copilot_tally_invoices_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_invoices_delete AFTER DELETE ON public.invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_invoices();


--
-- Name: invoices copilot_tally_invoices_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_invoices_insert AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_invoices();


--
-- Name: invoices copilot_tally_invoices_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_invoices_update AFTER UPDATE ON public.invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_invoices();


--
-- Name: members copilot_tally_members_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_members_delete AFTER DELETE ON public.members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_members();


--
-- Name: members copilot_tally_members_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_members_insert AFTER INSERT ON public.members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_members();


--
-- Name: members copilot_tally_members_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_members_update AFTER UPDATE ON public.members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_members();


--
-- Name: subscriptions copilot_tally_subscriptions_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_subscriptions_delete AFTER DELETE ON public.subscriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_subscriptions();


--
-- Name: subscriptions copilot_tally_subscriptions_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_subscriptions_insert AFTER INSERT ON public.subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_subscriptions();


--
-- Name: subscriptions copilot_tally_subscriptions_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_subscriptions_update AFTER UPDATE ON public.subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_subscriptions();


--
-- Name: transactions copilot_tally_transactions_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_transactions_delete AFTER DELETE ON public.transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_transactions();


--
-- Name: transactions copilot_tally_transactions_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_transactions_insert AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_transactions();


--
-- Name: transactions copilot_tally_transactions_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER copilot_tally_transactions_update AFTER UPDATE ON public.transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.copilot_tally_transactions();


--
-- Name: members members_track_changes; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER members_track_changes BEFORE INSERT OR UPDATE ON public.members FOR EACH ROW EXECUTE FUNCTION public.members_track_changes();


--
-- Name: audit_entries audit_entries_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_entries
    ADD CONSTRAINT audit_entries_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: billing_fixtures billing_fixtures_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.billing_fixtures
    ADD CONSTRAINT billing_fixtures_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: billing_fixtures billing_fixtures_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.billing_fixtures
    ADD CONSTRAINT billing_fixtures_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: calls calls_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calls
    ADD CONSTRAINT calls_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: calls calls_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calls
    ADD CONSTRAINT calls_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: invoices invoices_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE SET NULL;


--
-- Name: invoices invoices_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: member_export_tickets member_export_tickets_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_export_tickets
    ADD CONSTRAINT member_export_tickets_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: member_export_tickets member_export_tickets_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_export_tickets
    ADD CONSTRAINT member_export_tickets_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: members members_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: payment_method_sessions payment_method_sessions_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_method_sessions
    ADD CONSTRAINT payment_method_sessions_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: payment_method_sessions payment_method_sessions_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_method_sessions
    ADD CONSTRAINT payment_method_sessions_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: payment_methods payment_methods_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_methods
    ADD CONSTRAINT payment_methods_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: payment_methods payment_methods_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_methods
    ADD CONSTRAINT payment_methods_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: setup_intents setup_intents_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.setup_intents
    ADD CONSTRAINT setup_intents_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: setup_intents setup_intents_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.setup_intents
    ADD CONSTRAINT setup_intents_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: subscriptions subscriptions_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: subscriptions subscriptions_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: tasks tasks_assignee_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_assignee_member_id_fkey FOREIGN KEY (assignee_member_id) REFERENCES public.members(id) ON DELETE SET NULL;


--
-- Name: tasks tasks_call_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_call_id_fkey FOREIGN KEY (call_id) REFERENCES public.calls(id) ON DELETE SET NULL;


--
-- Name: tasks tasks_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: transactions transactions_invoice_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE SET NULL;


--
-- Name: transactions transactions_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE SET NULL;


--
-- Name: transactions transactions_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- Name: trials trials_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trials
    ADD CONSTRAINT trials_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id) ON DELETE CASCADE;


--
-- Name: trials trials_org_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trials
    ADD CONSTRAINT trials_org_id_fkey FOREIGN KEY (org_id) REFERENCES public.organizations(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict YnmO1O2yES68t4ZWVJXSeg8KSD6Vfaupr7oNkdiohycNnM37HIRzBa2Vwk9A9Ax

