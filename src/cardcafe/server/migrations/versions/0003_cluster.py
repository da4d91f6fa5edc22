"""Many server processes, one site: the processes alive (a heartbeat each), which one owns
each live table, the tables' lobby rows (one lobby for the site), and the site's relay
secret (processes relaying a request to each other prove it; no client ever sees it).

Revision ID: 0003
Revises: 0002
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cluster_nodes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_leases",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(32), nullable=False, index=True),
    )
    op.create_table(
        "lobby_rows",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("summary_json", sa.Text, nullable=False),
    )
    settings = op.create_table(
        "cluster_settings",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.bulk_insert(settings, [{"name": "relay_secret", "value": secrets.token_urlsafe(32)}])


def downgrade() -> None:
    op.drop_table("cluster_settings")
    op.drop_table("lobby_rows")
    op.drop_table("table_leases")
    op.drop_table("cluster_nodes")
