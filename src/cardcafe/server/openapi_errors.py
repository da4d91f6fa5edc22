"""The error answers each API route can send, declared in the OpenAPI document.

Every error body is `{"detail": "<one clear line>"}` (422 included: the server words
validation errors itself), so one model documents them all.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

# Written out rather than a pydantic model: routes are already built when this is applied,
# and FastAPI reads a response model only while building a route.
ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "type": "object",
    "properties": {"detail": {"type": "string", "title": "Detail"}},
    "required": ["detail"],
}

WHY = {
    400: "Bad input: an unknown game, bot or option, or a rule of the game broken",
    404: "No such table",
    409: "Refused by the table: the seat is taken, the token is not a player's, the game is over",
    413: "The request body is larger than this server accepts",
    422: "The request does not have the expected shape",
    429: "Too many tables from this address, or on this server",
    503: "The database is unavailable for now; nothing was changed",
}


def statuses(route: APIRoute) -> set[int]:
    """The error statuses `route` can answer with (see app.py's exception handlers)."""
    found = {413}  # the body limit answers any request, whatever its route
    dependant = route.dependant
    if dependant.path_params or dependant.query_params or dependant.body_params:
        found |= {400, 422}  # a parameter of the wrong shape, or a value the game refuses
    if "{table_id}" in route.path:
        found |= {404, 503}
    if route.path.startswith(("/api/tables", "/api/history")):
        found.add(503)  # these read or write the database
    if "POST" in route.methods and "{table_id}" in route.path:
        found.add(409)
    if "POST" in route.methods and route.path == "/api/tables":
        found.add(429)
    return found


def declare_errors(app: FastAPI) -> None:
    """Add the error responses to every API route in the schema (before it is first built)."""
    for route in app.routes:
        if isinstance(route, APIRoute) and route.include_in_schema:
            for status in sorted(statuses(route)):
                route.responses.setdefault(
                    status,
                    {
                        "description": WHY[status],
                        "content": {"application/json": {"schema": ERROR_SCHEMA}},
                    },
                )
    app.openapi_schema = None
