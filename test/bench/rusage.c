/* rusage OUT CMD ARGS...: runs CMD and writes its CPU time (user + system, all threads and reaped children), peak
 * RSS and wall time to OUT as JSON, so every row of the benchmark (Node, jq, C) is measured the same way, from
 * outside, with the startup included. Its stdout and stderr are the command's. Exits with the command's status. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: rusage OUT CMD ARGS...\n");
    return 2;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid_t pid = fork();
  if (pid < 0) return perror("fork"), 2;
  if (pid == 0) {
    execvp(argv[2], argv + 2);
    perror(argv[2]);
    _exit(127);
  }
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) return perror("wait4"), 2;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  FILE *out = fopen(argv[1], "w");
  if (!out) return perror(argv[1]), 2;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  fprintf(out, "{\"cpuMs\":%.3f,\"wallMs\":%.3f,\"rssKb\":%ld,\"code\":%d}\n",
          (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3,
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6, ru.ru_maxrss, code);
  fclose(out);
  return code;
}
