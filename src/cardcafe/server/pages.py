"""HTML pages: Jinja2 shells from cardcafe/web/templates, with a plain fallback per page so the
server stays usable while a template is missing."""

from __future__ import annotations

import html
from typing import Any

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from cardcafe.web import TEMPLATES_DIR

_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
    autoescape=jinja2.select_autoescape(["html"]),
    auto_reload=True,
)
_markdown = MarkdownIt("commonmark").enable("table")


def render(name: str, request: Request, status: int = 200, **context: Any) -> HTMLResponse:
    try:
        template = _env.get_template(name)
    except jinja2.TemplateNotFound:
        return HTMLResponse(_fallback(name, context), status_code=status)
    return HTMLResponse(template.render(request=request, **context), status_code=status)


def rules_html(markdown_text: str) -> str:
    return _markdown.render(markdown_text)


def _fallback(name: str, context: dict[str, Any]) -> str:
    title = html.escape(str(context.get("title") or "cardcafe"))
    if name == "rules.html":
        body = context.get("rules_html", "")
    elif name == "table.html":
        table_id = html.escape(str(context.get("table_id", "")))
        body = (
            f"<p>Table {table_id}: its page is not installed; the WebSocket is /ws/{table_id}.</p>"
        )
    else:
        body = "<p>The lobby page is not installed; see <a href='/api/games'>/api/games</a>.</p>"
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    )
