# Copyright 2023 Iguazio
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#   http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#
import unittest.mock
from datetime import datetime, timezone

import pytest
from sqlalchemy.orm import Session

import mlrun.common.schemas
import mlrun.model
import server.api.db.sqldb.helpers
import server.api.initial_data
from server.api.db.base import DBInterface


def test_list_runs_name_filter(db: DBInterface, db_session: Session):
    project = "project"
    run_name_1 = "run_name_1"
    run_name_2 = "run_name_2"
    run_1 = {"metadata": {"name": run_name_1}, "status": {"bla": "blabla"}}
    run_2 = {"metadata": {"name": run_name_2}, "status": {"bla": "blabla"}}
    # run with no name (had name but filled with no-name after version 2 data migration)
    run_3 = {"metadata": {"name": "no-name"}, "status": {"bla": "blabla"}}
    run_uid_1 = "run_uid_1"
    run_uid_2 = "run_uid_2"
    run_uid_3 = "run_uid_3"

    db.store_run(db_session, run_1, run_uid_1, project)
    db.store_run(db_session, run_2, run_uid_2, project)
    db.store_run(db_session, run_3, run_uid_3, project)
    runs = db.list_runs(db_session, project=project)
    assert len(runs) == 3

    runs = db.list_runs(db_session, name=run_name_1, project=project)
    assert len(runs) == 1
    assert runs[0]["metadata"]["name"] == run_name_1

    runs = db.list_runs(db_session, name=run_name_2, project=project)
    assert len(runs) == 1
    assert runs[0]["metadata"]["name"] == run_name_2

    runs = db.list_runs(db_session, name="~RUN_naMe", project=project)
    assert len(runs) == 2


def test_runs_with_notifications(db: DBInterface, db_session: Session):
    project_name = "project"
    run_uids = ["uid1", "uid2", "uid3"]
    num_runs = len(run_uids)
    # create several runs with different uids, each with a notification
    for run_uid in run_uids:
        _create_new_run(db, db_session, project=project_name, uid=run_uid)
        notification = mlrun.model.Notification(
            kind="slack",
            when=["completed", "error"],
            name=f"test-notification-{run_uid}",
            message="test-message",
            condition="blabla",
            severity="info",
            params={"some-param": "some-value"},
        )
        db.store_run_notifications(db_session, [notification], run_uid, project_name)

    runs = db.list_runs(db_session, project=project_name, with_notifications=True)
    assert len(runs) == num_runs
    for run in runs:
        run_notifications = run["spec"]["notifications"]
        assert len(run_notifications) == 1
        assert (
            run_notifications[0]["name"]
            == f"test-notification-{run['metadata']['uid']}"
        )

    db.delete_run_notifications(db_session, run_uid=run_uids[0], project=project_name)
    runs = db.list_runs(db_session, project=project_name, with_notifications=True)
    assert len(runs) == num_runs - 1

    db.delete_run_notifications(db_session, project=project_name)
    runs = db.list_runs(db_session, project=project_name, with_notifications=False)
    assert len(runs) == num_runs
    runs = db.list_runs(db_session, project=project_name, with_notifications=True)
    assert len(runs) == 0

    db.del_runs(db_session, project=project_name)
    db.verify_project_has_no_related_resources(db_session, project_name)


def test_list_runs_with_notifications_identical_run_names(
    db: DBInterface, db_session: Session
):
    project_name = "project"

    _create_new_run(db, db_session, project=project_name, name="test-run", uid="uid1")
    notification = mlrun.model.Notification(
        kind="slack",
        when=["completed", "error"],
        name="test-notification",
        message="test-message",
        condition="blabla",
        severity="info",
        params={"some-param": "some-value"},
    )
    db.store_run_notifications(db_session, [notification], "uid1", project_name)

    # same name, different uid
    _create_new_run(db, db_session, project=project_name, name="test-run", uid="uid2")

    # default query with partition should only return the last run of the same name. this is done in the endpoint
    # and in the httpdb client, so we'll implement it here manually as this db instance goes directly to the sql db
    # implementation.
    partition_by = mlrun.common.schemas.RunPartitionByField.project_and_name
    partition_sort_by = mlrun.common.schemas.SortField.updated

    runs = db.list_runs(
        db_session,
        project=project_name,
        with_notifications=True,
        partition_by=partition_by,
        partition_sort_by=partition_sort_by,
    )
    assert len(runs) == 1

    runs = db.list_runs(
        db_session,
        project=project_name,
        with_notifications=False,
        partition_by=partition_by,
        partition_sort_by=partition_sort_by,
    )
    assert len(runs) == 1

    # without partitioning, we should get all runs when querying without notifications and only the first run
    # when querying with notifications
    runs = db.list_runs(db_session, project=project_name, with_notifications=True)
    assert len(runs) == 1

    runs = db.list_runs(db_session, project=project_name, with_notifications=False)
    assert len(runs) == 2

    db.del_runs(db_session, project=project_name)
    db.verify_project_has_no_related_resources(db_session, project_name)


def test_list_distinct_runs_uids(db: DBInterface, db_session: Session):
    project_name = "project"
    uid = "run-uid"
    # create 3 runs with same uid but different iterations
    for i in range(3):
        _create_new_run(db, db_session, project=project_name, iteration=i, uid=uid)

    runs = db.list_runs(db_session, project=project_name, iter=True)
    assert len(runs) == 3

    distinct_runs = db.list_distinct_runs_uids(
        db_session, project=project_name, only_uids=False
    )
    assert len(distinct_runs) == 1
    assert isinstance(distinct_runs[0], dict)
    assert distinct_runs[0]["metadata"]["uid"] == uid

    only_uids = db.list_distinct_runs_uids(
        db_session, project=project_name, only_uids=True
    )
    assert len(only_uids) == 1
    assert isinstance(only_uids[0], str)
    assert only_uids[0] == uid

    only_uids_requested_true = db.list_distinct_runs_uids(
        db_session, project=project_name, only_uids=True, requested_logs_modes=[True]
    )
    assert len(only_uids_requested_true) == 0

    only_uids_requested_false = db.list_distinct_runs_uids(
        db_session, project=project_name, only_uids=True, requested_logs_modes=[False]
    )
    assert len(only_uids_requested_false) == 1
    assert isinstance(only_uids[0], str)

    distinct_runs_requested_true = db.list_distinct_runs_uids(
        db_session, project=project_name, requested_logs_modes=[True]
    )
    assert len(distinct_runs_requested_true) == 0

    distinct_runs_requested_false = db.list_distinct_runs_uids(
        db_session, project=project_name, requested_logs_modes=[False]
    )
    assert len(distinct_runs_requested_false) == 1
    assert isinstance(distinct_runs[0], dict)


def test_list_runs_state_filter(db: DBInterface, db_session: Session):
    project = "project"
    run_uid_running = "run-running"
    run_uid_completed = "run-completed"
    _create_new_run(
        db,
        db_session,
        project,
        uid=run_uid_running,
        state=mlrun.common.runtimes.constants.RunStates.running,
    )
    _create_new_run(
        db,
        db_session,
        project,
        uid=run_uid_completed,
        state=mlrun.common.runtimes.constants.RunStates.completed,
    )
    runs = db.list_runs(db_session, project=project)
    assert len(runs) == 2

    runs = db.list_runs(
        db_session,
        project=project,
        states=[mlrun.common.runtimes.constants.RunStates.running],
    )
    assert len(runs) == 1
    assert runs[0]["metadata"]["uid"] == run_uid_running

    runs = db.list_runs(
        db_session,
        project=project,
        states=[mlrun.common.runtimes.constants.RunStates.completed],
    )
    assert len(runs) == 1
    assert runs[0]["metadata"]["uid"] == run_uid_completed


def test_store_run_overriding_start_time(db: DBInterface, db_session: Session):
    # First store - fills the start_time
    project, name, uid, iteration, run = _create_new_run(db, db_session)

    # use to internal function to get the record itself to be able to assert the column itself
    runs = db._find_runs(db_session, uid=None, project=project, labels=None).all()
    assert len(runs) == 1
    assert (
        db._add_utc_timezone(runs[0].start_time).isoformat()
        == runs[0].struct["status"]["start_time"]
    )

    # Second store - should allow to override the start time
    run["status"]["start_time"] = datetime.now(timezone.utc).isoformat()
    db.store_run(db_session, run, uid, project)

    # get the start time and verify
    runs = db._find_runs(db_session, uid=None, project=project, labels=None).all()
    assert len(runs) == 1
    assert (
        db._add_utc_timezone(runs[0].start_time).isoformat()
        == runs[0].struct["status"]["start_time"]
    )
    assert runs[0].struct["status"]["start_time"] == run["status"]["start_time"]


def test_data_migration_align_runs_table(db: DBInterface, db_session: Session):
    time_before_creation = datetime.now(tz=timezone.utc)
    # Create runs
    for project in ["run-project-1", "run-project-2", "run-project-3"]:
        for name in ["run-name-1", "run-name-2", "run-name-3"]:
            for index in range(3):
                uid = f"{name}-uid-{index}"
                for iteration in range(3):
                    _create_new_run(
                        db,
                        db_session,
                        project,
                        name,
                        uid,
                        iteration,
                        state=mlrun.common.runtimes.constants.RunStates.completed,
                    )
    # get all run records, and change to be as they will be in field (before the migration)
    runs = db._find_runs(db_session, None, "*", None).all()
    for run in runs:
        _change_run_record_to_before_align_runs_migration(run, time_before_creation)
        db._upsert(db_session, [run], ignore=True)

    # run the migration
    server.api.initial_data._align_runs_table(db, db_session)

    # assert after migration column start time aligned to the body start time
    runs = db._find_runs(db_session, None, "*", None).all()
    for run in runs:
        _ensure_run_after_align_runs_migration(db, run, time_before_creation)


def test_data_migration_align_runs_table_with_empty_run_body(
    db: DBInterface, db_session: Session
):
    time_before_creation = datetime.now(tz=timezone.utc)
    # First store - fills the start_time
    project, name, uid, iteration, run = _create_new_run(
        db, db_session, state=mlrun.common.runtimes.constants.RunStates.completed
    )
    # get all run records, and change to be as they will be in field (before the migration)
    runs = db._find_runs(db_session, None, "*", None).all()
    assert len(runs) == 1
    run = runs[0]
    # change to be as it will be in field (before the migration) and then empty the body
    _change_run_record_to_before_align_runs_migration(run, time_before_creation)
    run.struct = {}
    db._upsert(db_session, [run], ignore=True)

    # run the migration
    server.api.initial_data._align_runs_table(db, db_session)

    runs = db._find_runs(db_session, None, "*", None).all()
    assert len(runs) == 1
    run = runs[0]
    _ensure_run_after_align_runs_migration(db, run)


def test_store_run_success(db: DBInterface, db_session: Session):
    project, name, uid, iteration, run = _create_new_run(db, db_session)

    # use to internal function to get the record itself to be able to assert columns
    runs = db._find_runs(db_session, uid=None, project=project, labels=None).all()
    assert len(runs) == 1
    run = runs[0]
    assert run.project == project
    assert run.name == name
    assert run.uid == uid
    assert run.iteration == iteration
    assert run.state == mlrun.common.runtimes.constants.RunStates.created
    assert run.state == run.struct["status"]["state"]
    assert (
        db._add_utc_timezone(run.start_time).isoformat()
        == run.struct["status"]["start_time"]
    )

    assert (
        db._add_utc_timezone(run.updated).isoformat()
        == run.struct["status"]["last_update"]
    )


def test_update_runs_requested_logs(db: DBInterface, db_session: Session):
    project, name, uid, iteration, run = _create_new_run(db, db_session)

    runs_before = db.list_runs(
        db_session, project=project, uid=uid, return_as_run_structs=False
    )
    assert runs_before[0].requested_logs is False
    run_updated_time = runs_before[0].updated

    db.update_runs_requested_logs(db_session, [uid], True)

    runs_after = db.list_runs(
        db_session, project=project, uid=uid, return_as_run_structs=False
    )
    assert runs_after[0].requested_logs is True
    assert runs_after[0].updated > run_updated_time


def test_update_run_success(db: DBInterface, db_session: Session):
    project, name, uid, iteration, run = _create_new_run(db, db_session)

    with unittest.mock.patch(
        "server.api.db.sqldb.helpers.update_labels", return_value=None
    ) as update_labels_mock:
        db.update_run(
            db_session,
            {"metadata.some-new-field": "value", "spec.another-new-field": "value"},
            uid,
            project,
            iteration,
        )
        run = db.read_run(db_session, uid, project, iteration)
        assert run["metadata"]["project"] == project
        assert run["metadata"]["name"] == name
        assert run["metadata"]["some-new-field"] == "value"
        assert run["spec"]["another-new-field"] == "value"
        assert update_labels_mock.call_count == 0


def test_update_run_labels(db: DBInterface, db_session: Session):
    project, name, uid, iteration, run = _create_new_run(db, db_session)

    db.update_run(
        db_session,
        {"metadata.labels": {"a": "b"}},
        uid,
        project,
        iteration,
    )
    run = db.read_run(db_session, uid, project, iteration)
    assert run["metadata"]["labels"] == {"a": "b"}


def test_store_and_update_run_update_name_failure(db: DBInterface, db_session: Session):
    project, name, uid, iteration, run = _create_new_run(db, db_session)

    with pytest.raises(
        mlrun.errors.MLRunInvalidArgumentError,
        match="Changing name for an existing run is invalid",
    ):
        run["metadata"]["name"] = "new-name"
        db.store_run(
            db_session,
            run,
            uid,
            project,
            iteration,
        )

    with pytest.raises(
        mlrun.errors.MLRunInvalidArgumentError,
        match="Changing name for an existing run is invalid",
    ):
        db.update_run(
            db_session,
            {"metadata.name": "new-name"},
            uid,
            project,
            iteration,
        )


def test_list_runs_limited_unsorted_failure(db: DBInterface, db_session: Session):
    with pytest.raises(
        mlrun.errors.MLRunInvalidArgumentError,
        match="Limiting the number of returned records without sorting will provide non-deterministic results",
    ):
        db.list_runs(
            db_session,
            sort=False,
            last=1,
        )


def test_list_runs_with_same_names(db: DBInterface, db_session: Session):
    run_names = ["run_name_1", "run_name_2"]
    project_names = ["project1", "project2"]
    for run_name in run_names:
        for project_name in project_names:
            run = {"metadata": {"name": run_name}, "status": {"bla": "blabla"}}
            run_uid = f"{run_name}-{project_name}"
            db.store_run(db_session, run, run_uid, project_name)

    runs = db.list_runs(
        db_session,
        project="*",
        partition_sort_by=mlrun.common.schemas.SortField.created,
        partition_by=mlrun.common.schemas.RunPartitionByField.name,
    )
    assert len(runs) == 2

    runs = db.list_runs(
        db_session,
        project="*",
        partition_sort_by=mlrun.common.schemas.SortField.created,
        partition_by=mlrun.common.schemas.RunPartitionByField.project_and_name,
    )
    assert len(runs) == 4


def _change_run_record_to_before_align_runs_migration(run, time_before_creation):
    run_dict = run.struct

    # change only the start_time column (and not the field in the body) to be earlier
    assert server.api.db.sqldb.helpers.run_start_time(run_dict) > time_before_creation
    run.start_time = time_before_creation

    # change name column to be empty
    run.name = None

    # change state column to be empty created (should be completed)
    run.state = mlrun.common.runtimes.constants.RunStates.created

    # change updated column to be empty
    run.updated = None


def _ensure_run_after_align_runs_migration(
    db: DBInterface, run, time_before_creation=None
):
    run_dict = run.struct

    # ensure start time aligned
    assert server.api.db.sqldb.helpers.run_start_time(run_dict) == db._add_utc_timezone(
        run.start_time
    )
    if time_before_creation is not None:
        assert (
            server.api.db.sqldb.helpers.run_start_time(run_dict) > time_before_creation
        )

    # ensure name column filled
    assert run_dict["metadata"]["name"] == run.name

    # ensure state column aligned
    assert run_dict["status"]["state"] == run.state

    # ensure updated column filled
    assert (
        run_dict["status"]["last_update"]
        == db._add_utc_timezone(run.updated).isoformat()
    )


def _create_new_run(
    db: DBInterface,
    db_session: Session,
    project="project",
    name="run-name-1",
    uid="run-uid",
    iteration=0,
    state=mlrun.common.runtimes.constants.RunStates.created,
):
    run = {
        "metadata": {"name": name, "uid": uid, "project": project, "iter": iteration},
        "status": {"state": state},
    }

    db.store_run(db_session, run, uid, project, iter=iteration)
    return project, name, uid, iteration, run
