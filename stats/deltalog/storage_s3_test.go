package deltalog

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// s3Env points the AWS SDK's chain at files in a temporary directory only.
func s3Env(t *testing.T, srv *httptest.Server, config, credentials string) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, v := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_ROLE_ARN", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ENDPOINT_URL"} {
		t.Setenv(v, "")
	}
	t.Setenv("AWS_ENDPOINT_URL_S3", srv.URL)
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_CONFIG_FILE", write("config", config))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", write("credentials", credentials))
}

// A named profile in the shared credentials file.
func TestS3SharedCredentialsProfile(t *testing.T) {
	table := "multi-part-checkpoint"
	srv := fakeS3(t, "bkt", loadTable(t, table, "lake/t/"))
	defer srv.Close()
	s3Env(t, srv, "", "[default]\naws_access_key_id = AKIDWRONG\naws_secret_access_key = wrong\n\n"+
		"[lakelint]\naws_access_key_id = AKIDFAKE\naws_secret_access_key = fake-secret\n")
	t.Setenv("AWS_PROFILE", "lakelint")
	store, err := NewStorage(context.Background(), "s3://bkt/lake/t")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, store, table)
}

// A profile that assumes a role: the SDK asks STS (here a fake) with the
// source profile's key, and S3 is signed with the role's credentials.
func TestS3AssumeRoleProfile(t *testing.T) {
	table := "dv-partitioned-with-checkpoint"
	srv := fakeS3(t, "bkt", loadTable(t, table, "lake/t/"))
	defer srv.Close()
	var calls atomic.Int32
	sts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		if form.Get("Action") != "AssumeRole" || form.Get("RoleArn") != "arn:aws:iam::123456789012:role/reader" ||
			!strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential=AKIDSOURCE/") {
			t.Errorf("unexpected STS call %s %q, auth %q", r.URL, body, r.Header.Get("Authorization"))
			http.Error(w, "<ErrorResponse><Error><Code>AccessDenied</Code></Error></ErrorResponse>", http.StatusForbidden)
			return
		}
		calls.Add(1)
		w.Header().Set("Content-Type", "text/xml")
		_, _ = io.WriteString(w, `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>`+
			`<Credentials><AccessKeyId>AKIDFAKE</AccessKeyId><SecretAccessKey>fake-secret</SecretAccessKey>`+
			`<SessionToken>fake-session</SessionToken><Expiration>2099-01-01T00:00:00Z</Expiration></Credentials>`+
			`<AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/reader/lakelint</Arn><AssumedRoleId>AROAFAKE:lakelint</AssumedRoleId></AssumedRoleUser>`+
			`</AssumeRoleResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></AssumeRoleResponse>`)
	}))
	defer sts.Close()
	s3Env(t, srv, "[profile reader]\nrole_arn = arn:aws:iam::123456789012:role/reader\nsource_profile = source\n",
		"[source]\naws_access_key_id = AKIDSOURCE\naws_secret_access_key = source-secret\n")
	t.Setenv("AWS_ENDPOINT_URL_STS", sts.URL)
	t.Setenv("AWS_PROFILE", "reader")
	store, err := NewStorage(context.Background(), "s3://bkt/lake/t/")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, store, table)
	if calls.Load() == 0 {
		t.Error("STS was never asked for the role's credentials")
	}
}

// An IAM Identity Center (SSO) profile: the SDK trades the token cached by
// `aws sso login` for role credentials at the SSO portal (here a fake).
func TestS3SSOProfile(t *testing.T) {
	table := "multi-part-checkpoint"
	srv := fakeS3(t, "bkt", loadTable(t, table, "lake/t/"))
	defer srv.Close()
	var calls atomic.Int32
	portal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != "/federation/credentials" || q.Get("account_id") != "123456789012" || q.Get("role_name") != "Reader" ||
			r.Header.Get("X-Amz-Sso_bearer_token") != "fake-sso-token" {
			t.Errorf("unexpected SSO call %s, token %q", r.URL, r.Header.Get("X-Amz-Sso_bearer_token"))
			http.Error(w, `{"message":"denied"}`, http.StatusUnauthorized)
			return
		}
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"roleCredentials":{"accessKeyId":"AKIDFAKE","secretAccessKey":"fake-secret","sessionToken":"fake-session","expiration":4102444800000}}`)
	}))
	defer portal.Close()
	const startURL = "https://lakelint.awsapps.com/start"
	s3Env(t, srv, "[profile sso]\nsso_start_url = "+startURL+"\nsso_region = eu-west-1\nsso_account_id = 123456789012\nsso_role_name = Reader\n", "")
	home := t.TempDir()
	t.Setenv("HOME", home)
	cache := filepath.Join(home, ".aws", "sso", "cache")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	sum := sha1.Sum([]byte(startURL))
	tok := `{"accessToken":"fake-sso-token","expiresAt":"2099-01-01T00:00:00Z","region":"eu-west-1","startUrl":"` + startURL + `"}`
	if err := os.WriteFile(filepath.Join(cache, hex.EncodeToString(sum[:])+".json"), []byte(tok), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("AWS_ENDPOINT_URL_SSO", portal.URL)
	t.Setenv("AWS_PROFILE", "sso")
	store, err := NewStorage(context.Background(), "s3://bkt/lake/t")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, store, table)
	if calls.Load() == 0 {
		t.Error("the SSO portal was never asked for role credentials")
	}
}
