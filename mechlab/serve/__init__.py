"""`mechlab serve`: a local designer in the browser, its verdict and record sheet live.

`app.py` is the WSGI application (routes, bounds, errors), `api.py` its JSON handlers,
`judge.py` one edit's answer (verdict, findings, status, slots, sheet and card SVG),
`designs.py` open, new, download and save through the commands' own functions, and
`server.py` the threaded standard-library server. The page (`static/`) ships in the
package: no request leaves the machine.
"""
