// A static `true`: the benchmark's bare exec and the exec-denied tests' target.
int main() { return 0; }
