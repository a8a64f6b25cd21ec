#!/usr/bin/env python3
"""Ansible script inventory of a Switchyard server (Python 3 standard library only).

Environment:
  SWITCHYARD_URL     the server, e.g. https://switchyard.example (required)
  SWITCHYARD_TOKEN   an API token, best a read-only one (required)
  SWITCHYARD_CA_FILE a CA bundle to check the server's certificate with (optional)
  SWITCHYARD_FILTER  query filters, e.g. "status=active&role=access" (optional: siteId, role, tag, status)

  ansible-inventory -i contrib/ansible/switchyard_inventory.py --graph
"""

import argparse
import json
import os
import ssl
import sys
import urllib.error
import urllib.request

TIMEOUT_S = 30


def fail(message):
    sys.stderr.write("switchyard_inventory: %s\n" % message)
    sys.exit(1)


def fetch_inventory():
    url = os.environ.get("SWITCHYARD_URL", "").rstrip("/")
    token = os.environ.get("SWITCHYARD_TOKEN", "")
    if not url:
        fail("set SWITCHYARD_URL to the server's address, e.g. https://switchyard.example")
    if not token:
        fail("set SWITCHYARD_TOKEN to an API token (a read-only one is enough)")
    address = url + "/api/inventory/ansible"
    query = os.environ.get("SWITCHYARD_FILTER", "").lstrip("?")
    if query:
        address += "?" + query
    context = None
    ca_file = os.environ.get("SWITCHYARD_CA_FILE")
    if ca_file:
        context = ssl.create_default_context(cafile=ca_file)
    request = urllib.request.Request(address, headers={"Authorization": "Bearer " + token, "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S, context=context) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        try:
            detail = json.load(error)["error"]["message"]
        except Exception:
            detail = error.reason
        fail("%s answered %s: %s" % (address, error.code, detail))
    except (urllib.error.URLError, OSError, ValueError) as error:
        fail("cannot read %s: %s" % (address, error))


def main():
    parser = argparse.ArgumentParser(description="Ansible inventory from Switchyard")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--list", action="store_true", help="the whole inventory")
    group.add_argument("--host", metavar="HOST", help="one host's variables")
    args = parser.parse_args()
    inventory = fetch_inventory()
    if args.list:
        result = inventory
    else:
        result = inventory.get("_meta", {}).get("hostvars", {}).get(args.host, {})
    json.dump(result, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
