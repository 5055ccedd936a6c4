package io.ascan.storage.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * A scan predicate P as JSON, for a pushdown request: {@code {"col": i, "type": t}} for a column,
 * {@code {"lit": v, "type": t}} for a constant (DOUBLE as text, so NaN and infinities survive),
 * {@code {"op": name, "type": t, "args": [...]}} for a call; types as the engine writes them.
 */
final class ExprCodec {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ExprCodec() {}

    static JsonNode write(Expr e) {
        ObjectNode o = F.objectNode();
        switch (e) {
            case ColumnRef r -> o.put("col", r.index());
            case Literal l -> {
                if (l.value() == null) o.putNull("lit");
                else switch (l.type().kind()) {
                    case BOOLEAN -> o.put("lit", (Boolean) l.value());
                    case INTEGER, DATE -> o.put("lit", (Integer) l.value());
                    case BIGINT, DECIMAL, TIMESTAMP -> o.put("lit", (Long) l.value());
                    case DOUBLE -> o.put("lit", Double.toString((Double) l.value()));
                    case VARCHAR -> o.put("lit", (String) l.value());
                }
            }
            case Call c -> {
                o.put("op", c.op().name());
                ArrayNode args = o.putArray("args");
                for (Expr a : c.args()) args.add(write(a));
            }
        }
        o.put("type", e.type().toString());
        return o;
    }

    /** The expression {@code n} describes; anything else is a {@link ProtocolException} naming what is wrong. */
    static Expr read(JsonNode n) {
        if (n == null || !n.isObject()) throw new ProtocolException("an expression must be a JSON object");
        DataType type = type(n.get("type"));
        try {
            if (n.has("col")) return new ColumnRef(integer(n.get("col"), "col"), type);
            if (n.has("lit")) return new Literal(literal(n.get("lit"), type), type);
            if (n.has("op")) {
                Operator op = Operator.valueOf(text(n.get("op"), "op"));
                JsonNode args = n.get("args");
                if (args == null || !args.isArray()) throw new ProtocolException("a call needs an args array");
                List<Expr> list = new ArrayList<>(args.size());
                for (JsonNode a : args) list.add(read(a));
                return new Call(op, list, type);
            }
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("bad expression: " + e.getMessage());
        }
        throw new ProtocolException("an expression has col, lit or op");
    }

    private static Object literal(JsonNode v, DataType type) {
        if (v.isNull()) return null;
        return switch (type.kind()) {
            case BOOLEAN -> {
                if (!v.isBoolean()) throw new ProtocolException("a BOOLEAN literal must be true or false");
                yield v.booleanValue();
            }
            case INTEGER, DATE -> integer(v, "lit");
            case BIGINT, DECIMAL, TIMESTAMP -> {
                if (!v.canConvertToLong() || !v.isIntegralNumber()) throw new ProtocolException("a " + type + " literal must be an integer");
                yield v.longValue();
            }
            case DOUBLE -> {
                try {
                    yield Double.parseDouble(text(v, "lit"));
                } catch (NumberFormatException e) {
                    throw new ProtocolException("a DOUBLE literal must be a number as text");
                }
            }
            case VARCHAR -> text(v, "lit");
        };
    }

    private static DataType type(JsonNode t) {
        try {
            return DataType.parse(text(t, "type"));
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("bad type: " + e.getMessage());
        }
    }

    static int integer(JsonNode v, String what) {
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) throw new ProtocolException(what + " must be an integer");
        return v.intValue();
    }

    static String text(JsonNode v, String what) {
        if (v == null || !v.isTextual()) throw new ProtocolException(what + " must be a string");
        return v.textValue();
    }
}
