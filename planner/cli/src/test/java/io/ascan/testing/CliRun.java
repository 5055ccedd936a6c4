package io.ascan.testing;

import io.ascan.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs an {@code ascan} command in-process, as the launcher would, capturing exit code and output. */
public record CliRun(int exit, String out, String err) {
    public static CliRun of(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter(), err = new StringWriter();
        PrintWriter o = new PrintWriter(out), e = new PrintWriter(err);
        cl.setOut(o);
        cl.setErr(e);
        int exit = cl.execute(args);
        o.flush();
        e.flush();
        return new CliRun(exit, out.toString(), err.toString());
    }
}
