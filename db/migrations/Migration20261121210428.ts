import { Migration } from '@mikro-orm/migrations';

export class Migration20261121210428 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "country" ("id" serial primary key, "name" varchar(120) not null, "timezone" varchar(64) not null default 'Europe/Paris', "overtime_paid" numeric(5,2) not null default 0, "overtime_in_recuperation" numeric(5,2) not null default 0, "employee_initiated_recuperation" numeric(5,2) not null default 0, "employer_initiated_recuperation" numeric(5,2) not null default 0, "overtime_first_band_hours" int not null default 8, "overtime_first_band_rate" int not null default 25, "overtime_second_band_rate" int not null default 50);`);
    this.addSql(`alter table "country" add constraint "country_name_unique" unique ("name");`);

    this.addSql(`create table "holiday" ("id" serial primary key, "country_id" int not null, "date" date not null, "name" varchar(120) not null);`);
    this.addSql(`alter table "holiday" add constraint "holiday_country_id_date_unique" unique ("country_id", "date");`);

    this.addSql(`create table "job_run" ("key" varchar(120) not null, "done_at" timestamptz not null, constraint "job_run_pkey" primary key ("key"));`);

    this.addSql(`create table "login_failure" ("id" serial primary key, "identifier" varchar(254) not null, "ip" varchar(64) not null, "at" timestamptz not null);`);
    this.addSql(`create index "login_failure_identifier_at_index" on "login_failure" ("identifier", "at");`);
    this.addSql(`create index "login_failure_ip_at_index" on "login_failure" ("ip", "at");`);

    this.addSql(`create table "subsidiary" ("id" serial primary key, "name" varchar(120) not null, "country_id" int not null, "city" varchar(120) not null, "timezone" varchar(64) not null default 'Europe/Paris');`);
    this.addSql(`alter table "subsidiary" add constraint "subsidiary_name_unique" unique ("name");`);
    this.addSql(`create index "subsidiary_country_id_index" on "subsidiary" ("country_id");`);

    this.addSql(`create table "division" ("id" serial primary key, "name" varchar(120) not null, "subsidiary_id" int not null);`);
    this.addSql(`create index "division_subsidiary_id_index" on "division" ("subsidiary_id");`);
    this.addSql(`alter table "division" add constraint "division_subsidiary_id_name_unique" unique ("subsidiary_id", "name");`);

    this.addSql(`create table "team" ("id" serial primary key, "name" varchar(120) not null, "subsidiary_id" int not null, "division_id" int not null);`);
    this.addSql(`create index "team_subsidiary_id_index" on "team" ("subsidiary_id");`);
    this.addSql(`create index "team_division_id_index" on "team" ("division_id");`);
    this.addSql(`alter table "team" add constraint "team_division_id_name_unique" unique ("division_id", "name");`);

    this.addSql(`create table "employee" ("id" serial primary key, "matricule" int null, "acronym" varchar(10) null, "firstname" varchar(120) not null, "lastname" varchar(120) not null, "birthday" date null, "phone" varchar(40) null, "email" varchar(254) not null, "email_personal" varchar(254) null, "profile_type" varchar(40) not null default 'ROLE_USER', "position" varchar(120) null, "comments" text null, "type_contract" varchar(20) null, "number_of_hours_per_week" numeric(6,2) null, "number_of_hours_per_month" numeric(7,2) null, "hired_at" date null, "fired_at" date null, "contract_state" varchar(120) null, "annual_salary" numeric(12,2) null, "hourly_cost" numeric(10,2) null, "holiday_earned_last_year" numeric(6,2) not null default 0, "holiday_taken_last_year" numeric(6,2) not null default 0, "holiday_earned_this_year" numeric(6,2) not null default 0, "holiday_taken_this_year" numeric(6,2) not null default 0, "holiday_total_balance" numeric(6,2) not null default 0, "holiday_monthly_vacation_accrual" numeric(5,2) not null default 2.08, "holiday_working_time_reduction" boolean not null default false, "country_id" int null, "subsidiary_id" int null, "division_id" int null, "department_head" boolean not null default false, "team_id" int null, "team_leader" boolean not null default false, "time_registration" boolean not null default true, "leave_workflow" varchar(10) not null default 'fast', "week_type" varchar(20) not null default 'unique_week', "last_state_time_clock" varchar(20) not null default 'unbadged', "theoretical_lunch_time" int null, "recovery_earned" int not null default 0, "recovery_taken" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "employee" add constraint "employee_matricule_unique" unique ("matricule");`);
    this.addSql(`alter table "employee" add constraint "employee_email_unique" unique ("email");`);
    this.addSql(`create index "employee_fired_at_index" on "employee" ("fired_at");`);
    this.addSql(`create index "employee_country_id_index" on "employee" ("country_id");`);
    this.addSql(`create index "employee_subsidiary_id_index" on "employee" ("subsidiary_id");`);
    this.addSql(`create index "employee_division_id_index" on "employee" ("division_id");`);
    this.addSql(`create index "employee_team_id_index" on "employee" ("team_id");`);
    this.addSql(`create index "employee_lastname_firstname_index" on "employee" ("lastname", "firstname");`);
    this.addSql(`create index "employee_subsidiary_id_fired_at_index" on "employee" ("subsidiary_id", "fired_at");`);

    this.addSql(`create table "overtime" ("id" serial primary key, "employee_id" int not null, "date" date not null, "worked_seconds" int not null default 0, "expected_seconds" int not null default 0, "overtime_seconds" int not null default 0, "anomaly" boolean not null default false);`);
    this.addSql(`create index "overtime_date_index" on "overtime" ("date");`);
    this.addSql(`alter table "overtime" add constraint "overtime_employee_id_date_unique" unique ("employee_id", "date");`);

    this.addSql(`create table "leave" ("id" serial primary key, "employee_id" int not null, "reason" varchar(40) not null, "comment" text null, "start" date not null, "end" date not null, "half_day_morning" boolean not null default false, "half_day_afternoon" boolean not null default false, "nb_hour_absence" numeric(6,2) null, "number_days_work" numeric(6,1) not null default 0, "urgent" boolean not null default false, "state" varchar(20) not null default 'pending', "days_from_last_year" numeric(6,1) not null default 0, "days_from_this_year" numeric(6,1) not null default 0, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "leave_employee_id_start_index" on "leave" ("employee_id", "start");`);
    this.addSql(`create index "leave_state_start_index" on "leave" ("state", "start");`);
    this.addSql(`create index "leave_start_end_index" on "leave" ("start", "end");`);

    this.addSql(`create table "leave_step" ("id" serial primary key, "leave_id" int not null, "step" varchar(20) not null, "actor_id" int null, "at" timestamptz not null);`);
    this.addSql(`create index "leave_step_leave_id_index" on "leave_step" ("leave_id");`);

    this.addSql(`create table "event_day" ("id" serial primary key, "employee_id" int not null, "date" date not null, "type" varchar(10) not null);`);
    this.addSql(`alter table "event_day" add constraint "event_day_employee_id_date_unique" unique ("employee_id", "date");`);

    this.addSql(`create table "deduction" ("id" serial primary key, "employee_id" int not null, "date" date not null, "seconds" int not null, "created_by_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "deduction_employee_id_date_index" on "deduction" ("employee_id", "date");`);

    this.addSql(`create table "time_clock" ("id" serial primary key, "employee_id" int not null, "date" date not null, "type" varchar(10) null, "suggested" boolean not null default false, "origin_suggested_id" int null, "message" text null, "working_time_seconds" int not null default 0, "lunch_time_seconds" int not null default 0, "expected_seconds" int not null default 0, "overtime_seconds" int not null default 0, "anomaly" boolean not null default false, "new_notification" varchar(40) null, "created_by_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "time_clock_origin_suggested_id_index" on "time_clock" ("origin_suggested_id");`);
    this.addSql(`create index "time_clock_date_index" on "time_clock" ("date");`);
    this.addSql(`create index time_clock_suggested_index on time_clock (created_at) where suggested = true;`);
    this.addSql(`create unique index time_clock_employee_date_unique on time_clock (employee_id, date) where suggested = false;`);

    this.addSql(`create table "time_log" ("id" serial primary key, "time_clock_id" int not null, "time" timestamptz not null, "type" varchar(10) not null, "created_at" timestamptz not null, "created_by_id" int null, "superseded_at" timestamptz null, "superseded_by_id" int null);`);
    this.addSql(`create index "time_log_time_clock_id_index" on "time_log" ("time_clock_id");`);

    this.addSql(`create table "app_user" ("id" serial primary key, "employee_id" int not null, "email" varchar(254) not null, "password_hash" varchar(255) null, "roles" text[] not null default '{}', "password_changed_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "app_user" add constraint "app_user_employee_id_unique" unique ("employee_id");`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);

    this.addSql(`create table "session" ("id" varchar(64) not null, "user_id" int null, "data" jsonb not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, constraint "session_pkey" primary key ("id"));`);
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`);
    this.addSql(`create index "session_expires_at_index" on "session" ("expires_at");`);

    this.addSql(`create table "password_reset_token" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`);
    this.addSql(`create index "password_reset_token_user_id_index" on "password_reset_token" ("user_id");`);
    this.addSql(`alter table "password_reset_token" add constraint "password_reset_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "avatar" ("id" serial primary key, "user_id" int not null, "content_type" varchar(40) not null, "data" bytea not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "avatar" add constraint "avatar_user_id_unique" unique ("user_id");`);

    this.addSql(`create table "api_token" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null);`);
    this.addSql(`create index "api_token_user_id_index" on "api_token" ("user_id");`);
    this.addSql(`alter table "api_token" add constraint "api_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "week_schedule" ("id" serial primary key, "employee_id" int not null, "week_number" smallint not null default 1, "days" jsonb not null);`);
    this.addSql(`alter table "week_schedule" add constraint "week_schedule_employee_id_week_number_unique" unique ("employee_id", "week_number");`);

    this.addSql(`alter table "holiday" add constraint "holiday_country_id_foreign" foreign key ("country_id") references "country" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "subsidiary" add constraint "subsidiary_country_id_foreign" foreign key ("country_id") references "country" ("id") on update cascade;`);

    this.addSql(`alter table "division" add constraint "division_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade;`);

    this.addSql(`alter table "team" add constraint "team_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade;`);
    this.addSql(`alter table "team" add constraint "team_division_id_foreign" foreign key ("division_id") references "division" ("id") on update cascade;`);

    this.addSql(`alter table "employee" add constraint "employee_country_id_foreign" foreign key ("country_id") references "country" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "employee" add constraint "employee_subsidiary_id_foreign" foreign key ("subsidiary_id") references "subsidiary" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "employee" add constraint "employee_division_id_foreign" foreign key ("division_id") references "division" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "employee" add constraint "employee_team_id_foreign" foreign key ("team_id") references "team" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "overtime" add constraint "overtime_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "leave" add constraint "leave_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "leave_step" add constraint "leave_step_leave_id_foreign" foreign key ("leave_id") references "leave" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "leave_step" add constraint "leave_step_actor_id_foreign" foreign key ("actor_id") references "employee" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "event_day" add constraint "event_day_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "deduction" add constraint "deduction_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "deduction" add constraint "deduction_created_by_id_foreign" foreign key ("created_by_id") references "employee" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "time_clock" add constraint "time_clock_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "time_clock" add constraint "time_clock_origin_suggested_id_foreign" foreign key ("origin_suggested_id") references "time_clock" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "time_clock" add constraint "time_clock_created_by_id_foreign" foreign key ("created_by_id") references "employee" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "time_log" add constraint "time_log_time_clock_id_foreign" foreign key ("time_clock_id") references "time_clock" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "time_log" add constraint "time_log_created_by_id_foreign" foreign key ("created_by_id") references "employee" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "time_log" add constraint "time_log_superseded_by_id_foreign" foreign key ("superseded_by_id") references "employee" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "app_user" add constraint "app_user_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "session" add constraint "session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "password_reset_token" add constraint "password_reset_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "avatar" add constraint "avatar_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "api_token" add constraint "api_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "week_schedule" add constraint "week_schedule_employee_id_foreign" foreign key ("employee_id") references "employee" ("id") on update cascade on delete cascade;`);
  }

}
