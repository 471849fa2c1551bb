"""
Compile domain action plans into Spark/Databricks SQL statements.

Uses `functools.singledispatch` to render SQL per action type and returns the
statements in plan order, ready to execute against a Spark session.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import singledispatch
from typing import Self, assert_never

from delta_engine.adapters.databricks.sql.dialect import (
    backtick,
    backtick_qualified_name,
    quote_literal,
)
from delta_engine.adapters.databricks.sql.types import render_data_type
from delta_engine.adapters.databricks.table_features import enable_property
from delta_engine.application.ports import CompiledAction, CompiledPlan
from delta_engine.domain.model import (
    DesiredColumn,
    ForeignKeyConstraint,
    PrimaryKeyConstraint,
    QualifiedName,
    TableKind,
)
from delta_engine.domain.plan import (
    Action,
    ActionPlan,
    AddColumn,
    AlterClustering,
    AlterColumnType,
    CreateTable,
    DropColumn,
    DropForeignKey,
    DropPrimaryKey,
    EnableTableFeature,
    RenameColumn,
    SetColumnComment,
    SetColumnNullability,
    SetColumnTag,
    SetForeignKey,
    SetPrimaryKey,
    SetProperty,
    SetTableComment,
    SetTableTag,
    UnsetColumnTag,
    UnsetProperty,
    UnsetTableTag,
)


@dataclass(frozen=True, slots=True)
class _Target:
    """A relation target rendered for Databricks SQL statements."""

    name: str
    alter_clause: str

    @classmethod
    def for_relation(cls, qualified_name: QualifiedName, kind: TableKind) -> Self:
        """Render the SQL forms needed to compile actions for one relation."""
        name = backtick_qualified_name(qualified_name)

        match kind:
            case TableKind.TABLE:
                alter_keyword = "ALTER TABLE"
            case TableKind.STREAMING_TABLE:
                # ALTER STREAMING TABLE is the documented annotation dialect.
                # Its behaviour is pinned by the streaming-table live test.
                alter_keyword = "ALTER STREAMING TABLE"
            case _ as unreachable:
                assert_never(unreachable)

        return cls(
            name=name,
            alter_clause=f"{alter_keyword} {name}",
        )


def compile_plan(plan: ActionPlan) -> CompiledPlan:
    """
    Compile an :class:`ActionPlan` into SQL statements, in plan order.

    Planning has already decided whether the declaration may act on the
    relation. Compilation only lowers each accepted action; the target hides
    the relation-kind-specific ALTER dialect from action compilers.
    """
    target = _Target.for_relation(plan.target, plan.kind)
    compiled_actions = [
        CompiledAction(action=action, statement=_compile_action(action, target)) for action in plan
    ]

    return CompiledPlan(
        plan=plan,
        compiled_actions=compiled_actions,
    )


@singledispatch
def _compile_action(action: Action, target: _Target) -> str:
    """Dispatch to action-specific SQL compiler."""
    raise NotImplementedError(f"No SQL compiler for action {action}")


@_compile_action.register
def _compile_create_table(action: CreateTable, target: _Target) -> str:
    """Compile a CREATE TABLE statement including columns, comment, properties, and optional PK."""
    table = action.table
    column_defs = [_column_definition(column) for column in table.columns]

    if table.primary_key is not None:
        column_defs.append(_primary_key_definition(table.primary_key))

    columns_clause = ", ".join(column_defs)
    table_comment = _table_comment_clause(table.comment)
    properties = _properties_clause(table.properties)
    partition_by = _partitioned_by_clause(table.partitioned_by)
    cluster_by = _clustered_by_clause(table.clustered_by)

    # A plain CREATE TABLE (no IF NOT EXISTS). CreateTable is only emitted after
    # the reader reports the table absent, but the read and the create are not
    # atomic: if another process creates the name in that window, this statement
    # errors and the engine reports an ExecutionFailure rather than a false
    # success.
    parts = [
        f"CREATE TABLE {target.name}",
        f"({columns_clause})",
        "USING delta",
        table_comment,
        properties,
        partition_by,
        cluster_by,
    ]
    return " ".join(p for p in parts if p)


@_compile_action.register
def _compile_add_column(action: AddColumn, target: _Target) -> str:
    """Compile an ALTER TABLE ... ADD COLUMN statement for a single column."""
    return f"{target.alter_clause} ADD COLUMN {_column_definition(action.column)}"


@_compile_action.register
def _compile_drop_column(action: DropColumn, target: _Target) -> str:
    """Compile an ALTER TABLE ... DROP COLUMN statement for a column name."""
    column_name = backtick(action.column.name)
    return f"{target.alter_clause} DROP COLUMN {column_name}"


@_compile_action.register
def _compile_rename_column(action: RenameColumn, target: _Target) -> str:
    """Compile ALTER TABLE ... RENAME COLUMN."""
    old = backtick(action.old_name)
    new = backtick(action.new_name)
    return f"{target.alter_clause} RENAME COLUMN {old} TO {new}"


@_compile_action.register
def _compile_enable_table_feature(action: EnableTableFeature, target: _Target) -> str:
    """Compile a table-feature enablement to its documented SET TBLPROPERTIES form."""
    property_ = enable_property(action.feature)
    pair = f"{quote_literal(property_.key)}={quote_literal(property_.value)}"
    return f"{target.alter_clause} SET TBLPROPERTIES ({pair})"


@_compile_action.register
def _compile_set_property(action: SetProperty, target: _Target) -> str:
    pair = f"{quote_literal(action.name)}={quote_literal(action.desired_value)}"
    return f"{target.alter_clause} SET TBLPROPERTIES ({pair})"


@_compile_action.register
def _compile_unset_property(action: UnsetProperty, target: _Target) -> str:
    key = quote_literal(action.name)
    return f"{target.alter_clause} UNSET TBLPROPERTIES IF EXISTS ({key})"


@_compile_action.register
def _compile_set_table_tag(action: SetTableTag, target: _Target) -> str:
    pair = f"{quote_literal(action.name)}={quote_literal(action.desired_value)}"
    return f"{target.alter_clause} SET TAGS ({pair})"


@_compile_action.register
def _compile_unset_table_tag(action: UnsetTableTag, target: _Target) -> str:
    return f"{target.alter_clause} UNSET TAGS ({quote_literal(action.name)})"


@_compile_action.register
def _compile_set_column_tag(action: SetColumnTag, target: _Target) -> str:
    column = backtick(action.column_name)
    pair = f"{quote_literal(action.name)}={quote_literal(action.desired_value)}"
    return f"{target.alter_clause} ALTER COLUMN {column} SET TAGS ({pair})"


@_compile_action.register
def _compile_unset_column_tag(action: UnsetColumnTag, target: _Target) -> str:
    column = backtick(action.column_name)
    return f"{target.alter_clause} ALTER COLUMN {column} UNSET TAGS ({quote_literal(action.name)})"


@_compile_action.register
def _compile_set_column_comment(action: SetColumnComment, target: _Target) -> str:
    # An empty desired comment compiles to COMMENT '' rather than UNSET
    # COMMENT: SQL warehouses reject the latter, and '' round-trips as the
    # empty comment the reader observes, keeping resyncs idempotent.
    column_name = backtick(action.column_name)
    comment = quote_literal(action.desired_comment)
    return f"{target.alter_clause} ALTER COLUMN {column_name} COMMENT {comment}"


@_compile_action.register
def _compile_set_table_comment(action: SetTableComment, target: _Target) -> str:
    comment = quote_literal(action.desired_comment)
    return f"COMMENT ON TABLE {target.name} IS {comment}"


@_compile_action.register
def _compile_set_column_nullability(action: SetColumnNullability, target: _Target) -> str:
    column_name = backtick(action.column_name)
    sign = "DROP" if action.desired_nullable else "SET"
    return f"{target.alter_clause} ALTER COLUMN {column_name} {sign} NOT NULL"


@_compile_action.register
def _compile_alter_clustering(action: AlterClustering, target: _Target) -> str:
    """Compile ALTER TABLE ... CLUSTER BY (...) or CLUSTER BY NONE."""
    if not action.desired_clustering:
        return f"{target.alter_clause} CLUSTER BY NONE"
    columns = ", ".join(backtick(column) for column in action.desired_clustering)
    return f"{target.alter_clause} CLUSTER BY ({columns})"


@_compile_action.register
def _compile_alter_column_type(action: AlterColumnType, target: _Target) -> str:
    """Compile ALTER TABLE ... ALTER COLUMN ... TYPE for a validated type widening."""
    column_name = backtick(action.column_name)
    sql_type = render_data_type(action.desired_type)
    return f"{target.alter_clause} ALTER COLUMN {column_name} TYPE {sql_type}"


@_compile_action.register
def _compile_drop_primary_key(action: DropPrimaryKey, target: _Target) -> str:
    """Compile an ALTER TABLE ... DROP PRIMARY KEY IF EXISTS statement."""
    # IF EXISTS is the deliberate mirror of CreateTable's plain CREATE: a
    # constraint already gone is the end state this action wants, so an
    # out-of-band drop in the read-execute window converges instead of failing
    # the sync — whereas a table that appeared in that window has contents the
    # plan knows nothing about, so the create must surface it as a failure.
    return f"{target.alter_clause} DROP PRIMARY KEY IF EXISTS"


@_compile_action.register
def _compile_set_primary_key(action: SetPrimaryKey, target: _Target) -> str:
    """Compile ALTER TABLE ... ADD PRIMARY KEY, with an optional physical name."""
    return f"{target.alter_clause} ADD {_primary_key_definition(action.primary_key)}"


@_compile_action.register
def _compile_drop_foreign_key(action: DropForeignKey, target: _Target) -> str:
    """Compile ALTER TABLE ... DROP CONSTRAINT IF EXISTS for a foreign key."""
    # IF EXISTS converges like DropPrimaryKey: already absent is the end state.
    constraint = backtick(action.name)
    return f"{target.alter_clause} DROP CONSTRAINT IF EXISTS {constraint}"


@_compile_action.register
def _compile_set_foreign_key(action: SetForeignKey, target: _Target) -> str:
    """Compile ALTER TABLE ... ADD FOREIGN KEY, with an optional physical name."""
    return f"{target.alter_clause} ADD {_foreign_key_definition(action.constraint)}"


# ----------- helpers ------------


def _primary_key_definition(primary_key: PrimaryKeyConstraint) -> str:
    """Render a complete PRIMARY KEY definition, including its optional name."""
    columns = ", ".join(backtick(name) for name in primary_key.columns)
    name = f"CONSTRAINT {backtick(primary_key.name)} " if primary_key.name is not None else ""
    return f"{name}PRIMARY KEY ({columns})"


def _foreign_key_definition(foreign_key: ForeignKeyConstraint) -> str:
    """Render a complete FOREIGN KEY definition, including its optional name."""
    local_columns = ", ".join(backtick(column) for column in foreign_key.local_columns)
    referenced_columns = ", ".join(backtick(column) for column in foreign_key.referenced_columns)
    referenced_table = backtick_qualified_name(foreign_key.referenced_table)
    name = f"CONSTRAINT {backtick(foreign_key.name)} " if foreign_key.name is not None else ""
    return (
        f"{name}FOREIGN KEY ({local_columns}) REFERENCES {referenced_table} ({referenced_columns})"
    )


def _column_definition(column: DesiredColumn) -> str:
    """Render a single column definition fragment, including its comment."""
    column_name = backtick(column.name)
    sql_type = render_data_type(column.data_type)
    nullable = "" if column.nullable else "NOT NULL"
    comment = f"COMMENT {quote_literal(column.comment)}" if column.comment else ""
    return " ".join(part for part in (column_name, sql_type, nullable, comment) if part)


def _table_comment_clause(comment: str) -> str:
    """Render the table COMMENT clause, or '' when there is no comment to set."""
    if not comment:
        return ""
    return f"COMMENT {quote_literal(comment)}"


def _properties_clause(props: Mapping[str, str | None]) -> str:
    # None values are absence assertions: a new table simply omits the key.
    pairs = ", ".join(
        f"{quote_literal(name)}={quote_literal(value)}"
        for name, value in sorted(props.items())
        if value is not None
    )
    if not pairs:
        return ""
    return f"TBLPROPERTIES ({pairs})"


def _partitioned_by_clause(partitioned_by: Sequence[str]) -> str:
    """Return PARTITIONED BY (...) or '' if unpartitioned."""
    if not partitioned_by:
        return ""
    quoted_columns = ", ".join(backtick(column_name) for column_name in partitioned_by)
    return f"PARTITIONED BY ({quoted_columns})"


def _clustered_by_clause(clustered_by: Sequence[str]) -> str:
    """Return CLUSTER BY (...) or '' when the table declares no clustering."""
    if not clustered_by:
        return ""
    quoted_columns = ", ".join(backtick(column_name) for column_name in clustered_by)
    return f"CLUSTER BY ({quoted_columns})"
