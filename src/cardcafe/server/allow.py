"""The `Allow` header of a 405 answer: every method the path allows.

Starlette answers a method a path does not take with the methods of the first route whose path
matched, so `OPTIONS /api/tables` said `Allow: GET` where the path takes POST too (one route
per method). RFC 9110 asks for the methods the resource supports; schemathesis checks it.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import Response
from starlette.exceptions import HTTPException
from starlette.routing import Match


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """The methods of every route whose path matches the request's."""
    methods: set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches(request.scope)
        if match is not Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


def answer_with_every_allowed_method(app: FastAPI) -> None:
    """Install the handler: a 405 names every method of the path; other errors as before."""

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, exc: HTTPException) -> Response:
        response = await http_exception_handler(request, exc)
        if exc.status_code == 405:
            response.headers["Allow"] = ", ".join(allowed_methods(app, request))
        return response
