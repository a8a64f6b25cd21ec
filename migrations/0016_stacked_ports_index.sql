-- The ports of a stack member past the first: few, and GET /api/checks judges each against its switch's stack size
-- (src/db/rule-findings.ts) without reading every port.
CREATE INDEX ports_stacked ON ports(switch_id) WHERE unit > 1;
