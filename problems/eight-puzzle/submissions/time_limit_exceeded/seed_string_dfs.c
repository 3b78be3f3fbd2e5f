/* The seed's depth-limited DFS, "string storage" version (seeds/004, section 2), with the
 * helper functions the article describes but leaves out ("程序中调用的各相关函数程序略")
 * written from its descriptions: moveok(x, p, k, n) swaps the blank x[p] with x[k] and
 * accepts the new state only if it is not already on the current path pass[0..n-1]
 * (storing it as pass[n]); putpass() reports a path that reached the goal.
 * Adapted to our input and output (marked "adapted"): the states are read instead of being
 * fixed in the program, and the depth limit m, which the seed asks the user for, is raised
 * 0, 1, 2, ... until some path reaches the goal (iterative deepening). In that first
 * successful round every path found has length m = d (a shorter one would have been found
 * in an earlier round), so sn is the number of shortest sequences; putpass keeps the
 * smallest one as letters. With no solution the rounds stop at 31, the largest distance of
 * any solvable pair, and the answer is -1.
 *
 * Verdict: TIME LIMIT EXCEEDED, already on sample/1 (d = 30): about 28 s of CPU here, for
 * the right answer. Without memory of the states seen in other branches, each round
 * re-walks every path of its length that does not repeat a state on itself, and every call
 * compares the new state with the whole path (the article counts 8-13 million calls of
 * move() for the sample's single round m = 30, and reports 53-59 s for this version on its
 * machine). Tests with d <= 20 pass (0.1 s for d = 20); unsolvable pairs run all 32
 * rounds and take longer still. */
#include <stdio.h>
#include <string.h>

/* adapted: the goal is read, not fixed to "123456780" */
char b[10];
char pass[40][10];
char mc[40];
int m, sn;
/* adapted: the smallest shortest sequence found so far, in our letters */
char best[40];

/* The helper the article describes: x[p] is the blank; move it to x[k] if the resulting
 * state is not already on the path. */
int moveok(char x[], int p, int k, int n)
{ int i;
  char t = x[p]; x[p] = x[k]; x[k] = t;
  for (i = 0; i < n; i++)
    if (strcmp(pass[i], x) == 0) return 0;
  strcpy(pass[n], x);
  return 1;
}

/* adapted: instead of printing the path, count it and keep the smallest in D < L < R < U
 * letters (the blank's direction between consecutive states of the path) */
void putpass(int n)
{ char seq[40];
  int i;
  for (i = 1; i <= n; i++) {
    int from = strchr(pass[i-1], '0') - pass[i-1], to = strchr(pass[i], '0') - pass[i];
    seq[i-1] = to == from + 3 ? 'D' : to == from - 1 ? 'L' : to == from + 1 ? 'R' : 'U';
  }
  seq[n] = '\0';
  if (sn == 0 || strcmp(seq, best) < 0) strcpy(best, seq);
  sn++;
}

void move( char x[], int p,int n)
{ int i,j;
  char y[10];
  /* 备份当前数组(当前矩阵状态) */
  strcpy(y,x);
  /* 判断移动字串x是否为目标字串，若为目标字串则输出路径。*/
  if ( strcmp(b,x)==0 ) putpass(n); /* adapted: putpass gets the path length */
  /* i,j为当前空点位子坐标 */
  i=p/3, j=p%3;
  /* 按用户最多移子次数要求，递归调用move()，生成输出路径。*/
  if(n<m)
  { n++;
    if ( i!=0 && moveok( x, p, p-3,n) )
    { mc[n]=x[p]; move(x,p-3,n); }
    strcpy(x,y);
    if ( i!=2 && moveok( x, p, p+3,n) )
    { mc[n]=x[p]; move(x,p+3,n); }
    strcpy(x,y);
    if ( j!=0 && moveok( x, p, p-1,n) )
    { mc[n]=x[p]; move(x,p-1,n); }
    strcpy(x,y);
    if ( j!=2 && moveok( x, p, p+1,n) )
    { mc[n]=x[p]; move(x,p+1,n); }
    strcpy(x,y);
  }
}

int main(void)
{ char a[10];
  /* adapted: read the start and the goal */
  if (scanf("%9s %9s", a, b) != 2) return 1;
  strcpy( pass[0], a );
  /* adapted: iterative deepening instead of one round with the user's m */
  for (m = 0; m <= 31; m++) {
    sn = 0;
    move(a, strchr(a, '0') - a, 0);
    if (sn > 0) {
      printf("%d\n%d\n%s\n", m, sn, best);
      return 0;
    }
  }
  printf("-1\n");
  return 0;
}
