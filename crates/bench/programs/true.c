/* The trivial program of the overhead benchmark: exits at once. */
int main(void) { return 0; }
