import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from nmdc_lakehouse.publication_plan import DestinationInventory
from nmdc_lakehouse.snapshot_manifest import _physical_schema_sha256
from scripts.python import audit_database_metadata as audit


class FakeFrame:
    def __init__(self, rows: int, schema: str) -> None:
        self._rows = rows
        self.schema = schema

    def collect(self) -> list[dict[str, int]]:
        return [{"row_count": self._rows}]


class FakeSpark:
    def __init__(self, frames: dict[str, FakeFrame]) -> None:
        self.frames = frames
        self.queries: list[str] = []

    def sql(self, query: str) -> FakeFrame:
        self.queries.append(query)
        table = query.split(".")[-1].split("`")[1]
        return self.frames[table]


def _patch_discovery(monkeypatch: pytest.MonkeyPatch, providers: dict[str, str]) -> None:
    monkeypatch.setattr(audit, "list_tables", lambda _spark, _database: sorted(providers))
    monkeypatch.setattr(
        audit,
        "describe_table",
        lambda _spark, _database, table: {"provider": providers[table]},
    )
    monkeypatch.setattr(audit, "_physical_schema_sha256", lambda schema: {"a": "a" * 64, "b": "b" * 64}[schema])


def test_build_publication_inventory_matches_planner_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_discovery(monkeypatch, {"biosample_set": "delta", "study_set": "delta"})
    spark = FakeSpark(
        {
            "biosample_set": FakeFrame(10, "a"),
            "study_set": FakeFrame(2, "b"),
        }
    )

    value = audit.build_publication_inventory(
        spark,
        "spark_catalog.nmdc_metadata",
        destination_id="nmdc-production",
        provider="spark_catalog",
        table_format="delta",
        metadata_capabilities=["namespace", "table", "column"],
        observed_at="2026-08-18T18:00:00+00:00",
    )

    inventory = DestinationInventory.model_validate_json(json.dumps(value))
    assert [table.name for table in inventory.tables] == ["biosample_set", "study_set"]
    assert [table.rows for table in inventory.tables] == [10, 2]
    assert spark.queries == [
        "SELECT * FROM `spark_catalog`.`nmdc_metadata`.`biosample_set` LIMIT 0",
        "SELECT COUNT(*) AS row_count FROM `spark_catalog`.`nmdc_metadata`.`biosample_set`",
        "SELECT * FROM `spark_catalog`.`nmdc_metadata`.`study_set` LIMIT 0",
        "SELECT COUNT(*) AS row_count FROM `spark_catalog`.`nmdc_metadata`.`study_set`",
    ]
    assert "location" not in json.dumps(value).casefold()


@pytest.mark.parametrize(
    ("capabilities", "message"),
    [([], "nonempty"), (["table", "table"], "without duplicates"), (["unknown"], "Unknown metadata")],
)
def test_inventory_rejects_invalid_capabilities(
    monkeypatch: pytest.MonkeyPatch, capabilities: list[str], message: str
) -> None:
    _patch_discovery(monkeypatch, {"biosample_set": "delta"})

    with pytest.raises(audit.PublicationInventoryError, match=message):
        audit.build_publication_inventory(
            FakeSpark({"biosample_set": FakeFrame(1, "a")}),
            "nmdc_metadata",
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="delta",
            metadata_capabilities=capabilities,
        )


def test_inventory_fails_closed_on_table_format_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_discovery(monkeypatch, {"biosample_set": "iceberg"})

    with pytest.raises(
        audit.PublicationInventoryError,
        match="reports table format 'iceberg', not reviewed table format 'delta'",
    ):
        audit.build_publication_inventory(
            FakeSpark({"biosample_set": FakeFrame(1, "a")}),
            "nmdc_metadata",
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="delta",
            metadata_capabilities=["table"],
        )


def test_the_inventory_records_the_format_it_observed_on_each_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checking a value and keeping it are different things; the artifact is the surviving record."""
    _patch_discovery(monkeypatch, {"biosample_set": "iceberg", "study_set": "iceberg"})

    inventory = audit.build_publication_inventory(
        FakeSpark({"biosample_set": FakeFrame(1, "a"), "study_set": FakeFrame(2, "b")}),
        "nmdc_metadata",
        destination_id="nmdc-production",
        provider="spark_catalog",
        table_format="iceberg",
        metadata_capabilities=["namespace", "table", "column"],
    )

    assert inventory["inventory_format_version"] == 2
    observed = {entry["name"]: entry["observed_table_format"] for entry in inventory["tables"]}
    assert observed == {"biosample_set": "iceberg", "study_set": "iceberg"}


def test_a_version_one_inventory_still_parses() -> None:
    """These models forbid extra fields, so a reader pinned to 1 would reject a 2; both are read."""
    from nmdc_lakehouse.publication_plan import DestinationInventory

    v1 = {
        "inventory_format_version": 1,
        "destination_id": "nmdc-production",
        "observed_at": "2026-08-20T12:05:00+00:00",
        "provider": "spark_catalog",
        "table_format": "iceberg",
        "metadata_capabilities": [],
        "tables": [{"name": "study_set", "rows": 1, "physical_schema_sha256": "a" * 64}],
    }

    parsed = DestinationInventory.model_validate(v1, strict=True)

    assert parsed.inventory_format_version == 1
    assert parsed.tables[0].observed_table_format is None


def test_a_partially_migrated_namespace_cannot_produce_an_inventory(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mixed case, which is the one #248 is about, and which the single-table tests miss.

    `list_tables` is sorted, so `biosample_set` matches the reviewed format and is accepted before
    `study_set` is reached. The failure therefore proves the per-table check runs inside the loop
    rather than once on the first table.
    """
    _patch_discovery(monkeypatch, {"biosample_set": "iceberg", "study_set": "delta"})

    with pytest.raises(
        audit.PublicationInventoryError,
        match="'study_set' reports table format 'delta', not reviewed table format 'iceberg'",
    ):
        audit.build_publication_inventory(
            FakeSpark({"biosample_set": FakeFrame(1, "a"), "study_set": FakeFrame(2, "b")}),
            "nmdc_metadata",
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="iceberg",
            metadata_capabilities=["namespace", "table", "column"],
        )


def test_inventory_rejects_table_name_outside_planner_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_discovery(monkeypatch, {"_temporary": "delta"})

    with pytest.raises(audit.PublicationInventoryError, match="cannot be represented by the planner contract"):
        audit.build_publication_inventory(
            FakeSpark({"_temporary": FakeFrame(1, "a")}),
            "nmdc_metadata",
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="delta",
            metadata_capabilities=["table"],
        )


def test_inventory_rejects_trailing_newline_in_table_name(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_discovery(monkeypatch, {"biosample_set\n": "delta"})

    with pytest.raises(ValueError, match="unsafe table"):
        audit.build_publication_inventory(
            FakeSpark({}),
            "nmdc_metadata",
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="delta",
            metadata_capabilities=["table"],
        )


def test_inventory_wraps_table_failure_without_exposing_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_discovery(monkeypatch, {"biosample_set": "delta"})

    with pytest.raises(
        audit.PublicationInventoryError, match="Cannot inventory destination table 'biosample_set'"
    ) as error:
        audit.build_publication_inventory(
            FakeSpark({}),
            "nmdc_metadata",
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="delta",
            metadata_capabilities=["table"],
        )
    assert "biosample-secret" not in str(error.value)


def test_arrow_schema_hash_matches_snapshot_contract() -> None:
    schema = pa.schema(
        [pa.field("id", pa.string(), nullable=False, metadata={b"comment": b"destination-only"})],
        metadata={b"provider": b"delta"},
    )

    assert audit._arrow_physical_schema_sha256(schema) == _physical_schema_sha256(schema)


def test_write_publication_inventory_is_canonical_and_rejects_symlink(tmp_path: Path) -> None:
    output = tmp_path / "inventory.json"
    value: dict[str, Any] = {"tables": [], "inventory_format_version": 1}

    assert audit.write_publication_inventory(output, value) == output
    assert output.read_text() == '{\n  "inventory_format_version": 1,\n  "tables": []\n}\n'

    link = tmp_path / "link.json"
    link.symlink_to(output)
    with pytest.raises(audit.PublicationInventoryError, match="ordinary file"):
        audit.write_publication_inventory(link, value)


def test_write_publication_inventory_sanitizes_setup_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def reject_temporary_file(**_kwargs: Any) -> tuple[int, str]:
        raise OSError("filesystem detail")

    monkeypatch.setattr(audit.tempfile, "mkstemp", reject_temporary_file)

    with pytest.raises(audit.PublicationInventoryError, match="Cannot write the publication inventory") as error:
        audit.write_publication_inventory(tmp_path / "inventory.json", {})
    assert "filesystem detail" not in str(error.value)


def test_cleanup_failure_does_not_mask_primary_write_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def reject_write(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("write detail")

    def reject_cleanup(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("cleanup detail")

    monkeypatch.setattr(audit.json, "dump", reject_write)
    monkeypatch.setattr(Path, "unlink", reject_cleanup)

    with pytest.raises(audit.PublicationInventoryError, match="Cannot write the publication inventory") as error:
        audit.write_publication_inventory(tmp_path / "inventory.json", {})
    assert "Cannot finish" not in str(error.value)
    assert error.value.__notes__ == ["Temporary publication-inventory cleanup also failed."]


def test_cleanup_failure_after_publish_does_not_report_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    output = tmp_path / "inventory.json"

    def reject_cleanup(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("cleanup detail")

    monkeypatch.setattr(Path, "unlink", reject_cleanup)

    assert audit.write_publication_inventory(output, {}) == output
    assert output.read_text() == "{}\n"


@pytest.mark.parametrize("value", ["nmdc_metadata;DROP", "nmdc metadata", "nmdc..metadata"])
def test_inventory_rejects_unsafe_qualified_database(value: str) -> None:
    with pytest.raises(ValueError, match="unsafe database"):
        audit.build_publication_inventory(
            FakeSpark({}),
            value,
            destination_id="nmdc-production",
            provider="spark_catalog",
            table_format="delta",
            metadata_capabilities=["table"],
        )
