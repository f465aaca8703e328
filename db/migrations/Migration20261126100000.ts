import { Migration } from "@mikro-orm/migrations";

/**
 * Whom a leave in flight awaits, stored on the leave (decision 0064): `leave.waiting_for` is 'M' (management),
 * 'D:<division id>' (the department head(s) of that division) or 'T:<team id>' (the team leader(s) of that team),
 * null once the leave is decided. The waiting lists and the menu counter of every page read it through one partial
 * index (the viewer's key, urgent first, then by start), instead of deciding the step of every leave in flight of
 * the company on each read.
 *
 * The rule (domain effectiveStepActor: the nominal actor of the workflow, passed up while that post is empty — a
 * team leader or department head other than the employee, not fired) is written once, here, as SQL functions:
 * team_has_leader, division_has_head (also used by the per-leave reads, app/services/leave/scope.server.ts) and
 * leave_waiting_for. Triggers keep the column current:
 * - on leave (insert, change of state or employee): the row's own value;
 * - on employee (insert, delete, change of profile, team, division, departure or workflow): the leaves in flight of
 *   the employee, and of the team / division whose leaders / heads the change touches.
 * leave_waiting_for_refresh() recomputes every row that differs (the backfill below, the large seed's COPY — its
 * sessions run without triggers — and a repair): it returns how many rows it corrected.
 */
export class Migration20261126100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "leave" add column "waiting_for" varchar(16) null;`);
    this.addSql(`create or replace function team_has_leader(p_team_id int, p_employee_id int) returns boolean
  language sql stable parallel safe as $$
  select exists (select 1 from employee tl where tl.team_id = p_team_id
    and tl.profile_type = 'ROLE_TEAM_LEADER' and tl.fired_at is null and tl.id <> p_employee_id)
$$;`);
    this.addSql(`create or replace function division_has_head(p_division_id int, p_employee_id int) returns boolean
  language sql stable parallel safe as $$
  select exists (select 1 from employee dh where dh.division_id = p_division_id
    and dh.profile_type = 'ROLE_DEPARTMENT_HEAD' and dh.fired_at is null and dh.id <> p_employee_id)
$$;`);
    // An unknown workflow counts as fast (toWorkflow in services/leave/scope.server.ts).
    this.addSql(`create or replace function leave_waiting_for(p_state text, p_workflow text, p_employee_id int, p_team_id int, p_division_id int)
  returns varchar language sql stable parallel safe as $$
  select case
    when p_state is null or p_state not in ('pending', 'prevalidate', 'validate') then null
    when p_state = 'validate' or p_workflow is null or p_workflow not in ('partial', 'full') then 'M'
    when p_state = 'prevalidate' or p_workflow = 'partial' then
      case when division_has_head(p_division_id, p_employee_id) then 'D:' || p_division_id else 'M' end
    when team_has_leader(p_team_id, p_employee_id) then 'T:' || p_team_id
    when division_has_head(p_division_id, p_employee_id) then 'D:' || p_division_id
    else 'M'
  end
$$;`);
    this.addSql(`create or replace function leave_waiting_for_row() returns trigger language plpgsql as $$
begin
  new.waiting_for := (select leave_waiting_for(new.state, e.leave_workflow, e.id, e.team_id, e.division_id)
                        from employee e where e.id = new.employee_id);
  return new;
end
$$;`);
    this.addSql(`create trigger leave_waiting_for_row before insert or update of state, employee_id on "leave"
  for each row execute function leave_waiting_for_row();`);
    this.addSql(`create or replace function employee_leave_waiting_for() returns trigger language plpgsql as $$
declare
  teams int[] := '{}';
  divisions int[] := '{}';
  self int := null;
begin
  -- The leaders of a team and the heads of a division are what the other employees' steps depend on.
  if tg_op <> 'INSERT' then
    if old.profile_type = 'ROLE_TEAM_LEADER' then teams := teams || old.team_id; end if;
    if old.profile_type = 'ROLE_DEPARTMENT_HEAD' then divisions := divisions || old.division_id; end if;
  end if;
  if tg_op <> 'DELETE' then
    if new.profile_type = 'ROLE_TEAM_LEADER' then teams := teams || new.team_id; end if;
    if new.profile_type = 'ROLE_DEPARTMENT_HEAD' then divisions := divisions || new.division_id; end if;
    self := new.id;
  end if;
  update leave l set waiting_for = w.waiting_for
    from (select l2.id, leave_waiting_for(l2.state, e.leave_workflow, e.id, e.team_id, e.division_id) as waiting_for
            from leave l2 join employee e on e.id = l2.employee_id
           where l2.state in ('pending', 'prevalidate', 'validate')
             and (e.id = self or e.team_id = any (teams) or e.division_id = any (divisions))) w
   where l.id = w.id and l.waiting_for is distinct from w.waiting_for;
  return null;
end
$$;`);
    this.addSql(`create trigger employee_leave_waiting_for_update after update of profile_type, team_id, division_id, fired_at, leave_workflow on "employee"
  for each row when (old.profile_type is distinct from new.profile_type or old.team_id is distinct from new.team_id
    or old.division_id is distinct from new.division_id or (old.fired_at is null) <> (new.fired_at is null)
    or old.leave_workflow is distinct from new.leave_workflow)
  execute function employee_leave_waiting_for();`);
    this.addSql(`create trigger employee_leave_waiting_for_insert_delete after insert or delete on "employee"
  for each row execute function employee_leave_waiting_for();`);
    this.addSql(`create or replace function leave_waiting_for_refresh() returns integer language sql as $$
  with w as (
    select l.id, leave_waiting_for(l.state, e.leave_workflow, e.id, e.team_id, e.division_id) as waiting_for
      from leave l join employee e on e.id = l.employee_id
     where l.state in ('pending', 'prevalidate', 'validate') or l.waiting_for is not null),
  u as (update leave l set waiting_for = w.waiting_for from w
         where l.id = w.id and l.waiting_for is distinct from w.waiting_for returning 1)
  select count(*)::int from u
$$;`);
    this.addSql(`select leave_waiting_for_refresh();`);
    this.addSql(`create index "leave_waiting_index" on "leave" ("waiting_for", "urgent" desc, "start", "id") include ("employee_id") where waiting_for is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists employee_leave_waiting_for_insert_delete on "employee";`);
    this.addSql(`drop trigger if exists employee_leave_waiting_for_update on "employee";`);
    this.addSql(`drop trigger if exists leave_waiting_for_row on "leave";`);
    this.addSql(`drop function if exists leave_waiting_for_refresh();`);
    this.addSql(`drop function if exists employee_leave_waiting_for();`);
    this.addSql(`drop function if exists leave_waiting_for_row();`);
    this.addSql(`drop function if exists leave_waiting_for(text, text, int, int, int);`);
    this.addSql(`drop function if exists division_has_head(int, int);`);
    this.addSql(`drop function if exists team_has_leader(int, int);`);
    this.addSql(`drop index if exists "leave_waiting_index";`);
    this.addSql(`alter table "leave" drop column if exists "waiting_for";`);
  }
}
