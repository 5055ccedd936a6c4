package io.ascan.cli;

import io.ascan.exchange.UserException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Entry point of the {@code ascan} launcher. */
public final class Main {

    @Command(name = "ascan", mixinStandardHelpOptions = true, version = "ascan 0.1.0",
            description = "Embeddable analytical SQL engine with a throughput-guided adaptive scan.",
            commandListHeading = "%nCommands:%n",
            footer = {"", "Run 'ascan COMMAND --help' for a command's options."})
    static final class Root implements Runnable {
        @Spec CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(System.out);
        }
    }

    @Command(mixinStandardHelpOptions = true, commandListHeading = "%nCommands:%n")
    static final class Group implements Runnable {
        @Spec CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(System.out);
        }
    }

    private Main() {}

    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /** Commands that run others through the root command line ({@code gen} for their data), so need them all. */
    private static final Set<String> RUN_OTHERS = Set.of("quickstart", "bench");

    /**
     * The launcher with only the commands under {@code first} (a top-level command or group), or
     * every command when {@code first} is null, names none or runs others: building picocli's model
     * of a command is a good part of a cold start, and {@code ascan sql} needs only its own.
     */
    static CommandLine commandLine(String first) {
        CommandLine root = new CommandLine(new Root());
        List<CliCommand> commands = new ArrayList<>();
        ServiceLoader.load(CliCommand.class).forEach(commands::add);
        if (first != null && !RUN_OTHERS.contains(first) && commands.stream().anyMatch(c -> c.path().getFirst().equals(first))) {
            commands.removeIf(c -> !c.path().getFirst().equals(first));
        }
        commands.sort(Comparator.comparing(c -> String.join(" ", c.path())));
        for (CliCommand c : commands) {
            CommandLine parent = root;
            List<String> path = c.path();
            for (int i = 0; i < path.size() - 1; i++) {
                String name = path.get(i);
                CommandLine next = parent.getSubcommands().get(name);
                if (next == null) {
                    next = new CommandLine(new Group());
                    next.getCommandSpec().usageMessage().description(c.groupDescription());
                    parent.addSubcommand(name, next);
                }
                parent = next;
            }
            parent.addSubcommand(path.getLast(), c.command());
        }
        root.setExecutionExceptionHandler(Main::report);
        inheritVersion(root, root.getCommandSpec().version());
        return root;
    }

    /** Subcommands print the launcher's version for {@code -V} (picocli leaves theirs empty). */
    private static void inheritVersion(CommandLine cmd, String[] version) {
        for (CommandLine sub : cmd.getSubcommands().values()) {
            if (sub.getCommandSpec().version().length == 0) sub.getCommandSpec().version(version);
            inheritVersion(sub, version);
        }
    }

    /** User errors print one clear line; anything unexpected keeps its stack trace. */
    private static int report(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        if (e instanceof java.io.UncheckedIOException u && u.getCause() != null) {
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + u.getCause().getMessage());
            return 2;
        }
        if (e instanceof UserException || e instanceof java.io.IOException
                || e instanceof IllegalArgumentException) {
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + e.getMessage());
            return 2;
        }
        e.printStackTrace(cmd.getErr());
        return 1;
    }

    public static void main(String[] args) {
        System.exit(commandLine(args.length == 0 ? null : args[0]).execute(args));
    }
}
