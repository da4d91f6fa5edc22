"""Life around the table: activity (stale tables expire), results (history), rematches,
invite-only seats and conceded seats.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("active_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("result_json", sa.Text, nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
    op.create_index("ix_game_tables_finished_at", "game_tables", ["finished_at"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("conceded", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("conceded")
        batch.drop_column("invite_hash")
    op.drop_index("ix_game_tables_finished_at", "game_tables")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rematch_id")
        batch.drop_column("result_json")
        batch.drop_column("finished_at")
        batch.drop_column("active_at")
